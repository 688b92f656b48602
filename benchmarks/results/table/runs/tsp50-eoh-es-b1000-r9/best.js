// ahd: best heuristic for tsp50 after generation 25 (candidate 863, e2; train objective 6.29292)
// Among the 6 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise nodes far from the remaining ones on average, penalise crowded nodes, prefer peripheral nodes, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 8)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.16) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.83 * d - 0.3 * Math.sqrt(home) - 0.11 * mean + 0.021 * close - 0.22 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
