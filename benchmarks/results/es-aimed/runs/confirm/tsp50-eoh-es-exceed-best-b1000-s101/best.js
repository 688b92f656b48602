// ahd: best heuristic for tsp50 after generation 25 (candidate 924, m2; train objective 6.30065)
// Pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer peripheral nodes, prefer nodes far from the start.
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
      if (e < 0.23) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.92 * d + 0.018 * Math.sqrt(home) + 0.098 * Math.sqrt(home) - 0.46 * mean - 0.31 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
