// ahd: best heuristic for tsp50 after generation 25 (candidate 296, e1; train objective 6.28445)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes with a wide spread, small random tie-breaking, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.89 * d - 0.25 * Math.sqrt(home) - 0.47 * mean + 0.058 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
