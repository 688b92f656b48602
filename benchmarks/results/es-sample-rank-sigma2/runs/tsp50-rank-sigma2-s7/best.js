// ahd: best heuristic for tsp50 after generation 50 (candidate 911, i1; train objective 6.29829)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 2.5 * Math.min(...unvisitedNodes.map((node) => row[node]));
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
    const score = 0.52 * d - 0.25 * Math.sqrt(home) - 0.27 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
