// ahd: best heuristic for tsp50 after generation 25 (candidate 271, m1; train objective 6.32507)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise distance back to the start, penalise nodes far from the remaining ones on average.
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
      if (e < 0.28) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.92 * d - 0.31 * Math.sqrt(home) - 0.44 * mean + 0.044 * Math.sqrt(home) - 0.19 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
