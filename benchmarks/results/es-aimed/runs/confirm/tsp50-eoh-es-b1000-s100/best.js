// ahd: best heuristic for tsp50 after generation 25 (candidate 511, m1; train objective 6.28392)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer peripheral nodes, prefer nodes far from the start.
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
      if (e < 0.058) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.5 * d - 0.062 * mean - 0.89 * Math.sqrt(home) - 0.5 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
