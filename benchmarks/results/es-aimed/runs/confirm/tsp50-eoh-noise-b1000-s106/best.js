// ahd: best heuristic for tsp50 after generation 25 (candidate 422, e2; train objective 6.35419)
// Among the 8 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes with a wide spread.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 12)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
    }
    const score = 0.85 * d - 0.25 * Math.sqrt(home) - 0.29 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
