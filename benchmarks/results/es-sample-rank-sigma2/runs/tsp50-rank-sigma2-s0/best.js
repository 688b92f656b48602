// ahd: best heuristic for tsp50 after generation 50 (candidate 171, i1; train objective 6.29133)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes.
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
      if (e < 0.052) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.8 * Math.sqrt(d) - 0.025 * mean - 0.47 * Math.sqrt(home) - 0.82 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
