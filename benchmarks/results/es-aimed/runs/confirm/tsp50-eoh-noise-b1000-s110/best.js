// ahd: best heuristic for tsp50 after generation 25 (candidate 506, e2; train objective 6.29829)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer isolated nodes, small random tie-breaking.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let near = Infinity, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
    }
    if (near === Infinity) near = 0;
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.74 * d - 0.28 * mean - 0.35 * Math.sqrt(home) + 0.38 * near * near * near * near;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
