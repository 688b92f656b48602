// ahd: best heuristic for tsp50 after generation 50 (candidate 138, i1; train objective 6.33148)
// Among the 10 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes far from the start, prefer peripheral nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 7)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.23) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.87 * d - 0.57 * Math.sqrt(home) - 0.28 * mean - 0.01 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
