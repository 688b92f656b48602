// ahd: best heuristic for tsp50 after generation 50 (candidate 428, i1; train objective 6.29653)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes far from the start, penalise a large spread to the farthest unvisited node.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.4 * Math.min(...unvisitedNodes.map((node) => row[node]));
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
    const score = 1.3 * d - 0.34 * mean - 0.71 * Math.sqrt(home) - 0.15 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
