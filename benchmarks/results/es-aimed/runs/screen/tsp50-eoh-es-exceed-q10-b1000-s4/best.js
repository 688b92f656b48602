// ahd: best heuristic for tsp50 after generation 25 (candidate 996, m1; train objective 6.28506)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer peripheral nodes, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.4 * Math.min(...unvisitedNodes.map((node) => row[node]));
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
      if (e < 0.15) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.72 * d + 0.012 * Math.random() - 0.42 * mean - 0.22 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
