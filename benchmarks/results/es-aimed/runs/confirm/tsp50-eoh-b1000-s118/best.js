// ahd: best heuristic for tsp50 after generation 25 (candidate 712, m1; train objective 6.28182)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer isolated nodes, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.6 * Math.min(...unvisitedNodes.map((node) => row[node]));
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    if (d > limit) continue;
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
    const score = 0.86 * d - 0.15 * Math.sqrt(home) - 0.39 * mean - 0.41 * near * near;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
