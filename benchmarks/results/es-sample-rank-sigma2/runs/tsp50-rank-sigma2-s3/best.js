// ahd: best heuristic for tsp50 after generation 50 (candidate 324, i1; train objective 6.29184)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, small random tie-breaking, prefer nodes with a wide spread, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.3 * d - 0.29 * mean - 0.21 * mean - 0.35 * Math.sqrt(home) + 0.023 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
