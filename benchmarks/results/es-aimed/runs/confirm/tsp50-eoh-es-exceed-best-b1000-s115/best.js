// ahd: best heuristic for tsp50 after generation 25 (candidate 325, m2; train objective 6.34383)
// Among the 4 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, penalise a large spread to the farthest unvisited node, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 6)) {
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
    const score = 1.1 * d - 0.63 * Math.sqrt(home) - 0.5 * mean + 0.018 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
