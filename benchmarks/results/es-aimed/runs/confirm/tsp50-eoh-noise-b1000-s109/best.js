// ahd: best heuristic for tsp50 after generation 25 (candidate 470, m1; train objective 6.24352)
// Among the 12 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise a large spread to the farthest unvisited node, penalise distance back to the start, prefer peripheral nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
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
    const score = 0.6 * d - 0.31 * Math.sqrt(home) - 0.24 * mean - 0.038 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
