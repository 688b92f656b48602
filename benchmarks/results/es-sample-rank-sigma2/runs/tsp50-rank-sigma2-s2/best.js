// ahd: best heuristic for tsp50 after generation 50 (candidate 765, i1; train objective 6.31432)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes.
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
    const score = 1.3 * d - 0.84 * Math.sqrt(home) - 0.46 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
