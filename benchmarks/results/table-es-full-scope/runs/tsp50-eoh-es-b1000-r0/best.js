// ahd: best heuristic for tsp50 after generation 25 (candidate 138, e1; train objective 6.40159)
// Pick the node with the lowest score combining distance from the current node, prefer isolated nodes, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    let near = Infinity, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
    }
    if (near === Infinity) near = 0;
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.4 * d - 0.92 * mean - 0.38 * near * near;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
