// ahd: best heuristic for tsp50 after generation 50 (candidate 640, i1; train objective 6.28439)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes with a wide spread, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.9 * Math.min(...unvisitedNodes.map((node) => row[node]));
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    if (d > limit) continue;
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.68 * d - 0.29 * mean + 0.12 * Math.sqrt(home) - 0.29 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
