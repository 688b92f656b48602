// ahd: best heuristic for tsp50 after generation 25 (candidate 561, m2; train objective 6.30389)
// Among the 4 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes with a wide spread, prefer peripheral nodes, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 10)) {
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
    const score = 1.2 * d - 0.45 * mean - 0.11 * mean - 0.47 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
