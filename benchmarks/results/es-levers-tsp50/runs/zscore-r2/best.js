// ahd: best heuristic for tsp50 after generation 50 (candidate 367, i1; train objective 6.28481)
// Pick the node minimising the product of distance from the current node, prefer peripheral nodes, prefer nodes far from the start, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.14) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = Math.sqrt(d) - 0.47 * mean - 0.17 * home - 0.058 * Math.sqrt(home) - 0.041 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
