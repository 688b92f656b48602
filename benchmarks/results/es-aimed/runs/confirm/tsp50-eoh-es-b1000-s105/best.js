// ahd: best heuristic for tsp50 after generation 25 (candidate 123, m2; train objective 6.36517)
// Pick the node with the lowest score combining distance from the current node, penalise a large spread to the farthest unvisited node, penalise nodes far from the remaining ones on average, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.74 * d - 0.46 * Math.sqrt(home) - 0.38 * mean + 0.008 * Math.sqrt(home) + 0.063 * close;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
