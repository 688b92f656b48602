// ahd: best heuristic for tsp50 after generation 25 (candidate 663, e2; train objective 6.31240)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.081) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.4 * d - 0.31 * Math.sqrt(home) - 0.58 * mean - 0.15 * Math.sqrt(home) - 0.14 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
