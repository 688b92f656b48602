// ahd: best heuristic for tsp50 after generation 50 (candidate 538, i1; train objective 6.36429)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes with a wide spread.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    let far = 0, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
      if (e < 0.21) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.84 * d - 0.31 * mean - 0.31 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
