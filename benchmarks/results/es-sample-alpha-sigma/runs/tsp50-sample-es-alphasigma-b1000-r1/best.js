// ahd: best heuristic for tsp50 after generation 50 (candidate 746, i1; train objective 6.32854)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.8 * Math.min(...unvisitedNodes.map((node) => row[node]));
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    if (d > limit) continue;
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.12) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.71 * Math.sqrt(d) + 0.007 * Math.sqrt(home) - 0.25 * mean - 0.42 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
