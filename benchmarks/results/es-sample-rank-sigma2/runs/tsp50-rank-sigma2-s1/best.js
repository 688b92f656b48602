// ahd: best heuristic for tsp50 after generation 50 (candidate 374, i1; train objective 6.28684)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes far from the start, prefer isolated nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let near = Infinity, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
      if (e < 0.11) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.92 * Math.sqrt(d) - 0.11 * near - 0.46 * mean - 0.18 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
