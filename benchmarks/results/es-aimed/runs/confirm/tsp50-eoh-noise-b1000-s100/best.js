// ahd: best heuristic for tsp50 after generation 25 (candidate 832, m1; train objective 6.36094)
// Pick the node with the lowest score combining distance from the current node, small random tie-breaking, penalise distance back to the start, prefer nodes with a wide spread.
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
    const score = 0.9 * d - 0.47 * Math.sqrt(home) + 0.006 * Math.random() - 0.25 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
