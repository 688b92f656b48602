// ahd: best heuristic for tsp50 after generation 25 (candidate 534, e1; train objective 6.28431)
// Among the 9 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes with a wide spread, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 7)) {
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
    const score = 1.1 * Math.sqrt(d) - 0.25 * far - 0.49 * Math.sqrt(home) - 0.31 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
