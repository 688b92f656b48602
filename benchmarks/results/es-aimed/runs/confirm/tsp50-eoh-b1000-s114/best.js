// ahd: best heuristic for tsp50 after generation 25 (candidate 544, e2; train objective 6.35198)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, small random tie-breaking, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.9 * d - 0.88 * Math.sqrt(home) - 0.49 * mean - 0.34 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
