// ahd: best heuristic for tsp50 after generation 25 (candidate 634, m1; train objective 6.30363)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, penalise nodes far from the remaining ones on average, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.7 * Math.min(...unvisitedNodes.map((node) => row[node]));
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
    const score = 0.77 * d - 0.37 * Math.sqrt(home) - 0.32 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
