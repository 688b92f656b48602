// ahd: best heuristic for tsp50 after generation 25 (candidate 98, e1; train objective 6.31441)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer peripheral nodes, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.8 * Math.min(...unvisitedNodes.map((node) => row[node]));
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    if (d > limit) continue;
    const home = distanceMatrix[node][destinationNode];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.83 * d - 0.29 * Math.sqrt(home) + 0.02 * Math.random() - 0.29 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
