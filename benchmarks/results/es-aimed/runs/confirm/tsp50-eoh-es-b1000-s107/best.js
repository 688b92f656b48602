// ahd: best heuristic for tsp50 after generation 25 (candidate 497, e1; train objective 6.33379)
// Among the 12 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes with many close neighbours.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.27) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.92 * d - 0.24 * mean - 0.43 * Math.sqrt(home) - 0.34 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
