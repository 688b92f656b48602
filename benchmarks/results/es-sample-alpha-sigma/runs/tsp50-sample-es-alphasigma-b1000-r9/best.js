// ahd: best heuristic for tsp50 after generation 50 (candidate 889, i1; train objective 6.28249)
// Pick the node with the lowest score combining distance from the current node, penalise a large spread to the farthest unvisited node, prefer nodes far from the start, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.83 * d - 0.31 * mean - 0.3 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
