// ahd: best heuristic for tsp50 after generation 25 (candidate 205, m2; train objective 6.31172)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes far from the start, penalise a large spread to the farthest unvisited node.
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
    const score = 1.6 * d - 0.35 * mean - 0.31 * Math.sqrt(home) - 0.51 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
