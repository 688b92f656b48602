// ahd: best heuristic for tsp50 after generation 50 (candidate 305, i1; train objective 6.33879)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise nodes far from the remaining ones on average, prefer nodes far from the start.
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
      if (e < 0.13) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.5 * d - 0.63 * Math.sqrt(home) - 0.91 * mean - 0.11 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
