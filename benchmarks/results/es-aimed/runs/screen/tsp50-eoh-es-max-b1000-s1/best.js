// ahd: best heuristic for tsp50 after generation 25 (candidate 716, m1; train objective 6.38038)
// Pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes with many close neighbours, penalise a large spread to the farthest unvisited node, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
      if (e < 0.21) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.3 * d - 0.46 * mean - 0.24 * far + 0.004 * close - 0.02 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
