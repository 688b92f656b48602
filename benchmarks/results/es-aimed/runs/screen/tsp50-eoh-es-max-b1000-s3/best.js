// ahd: best heuristic for tsp50 after generation 25 (candidate 419, e1; train objective 6.38790)
// Pick the node with the lowest score combining distance from the current node, prefer nodes with a wide spread, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
    }
    const score = 0.54 * d - 0.2 * home - 0.21 * far + 0.037 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
