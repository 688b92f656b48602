// ahd: best heuristic for tsp50 after generation 25 (candidate 152, m1; train objective 6.33596)
// Among the 12 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise nodes far from the remaining ones on average, prefer peripheral nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 7)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.21) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.83 * Math.sqrt(d) - 0.49 * mean - 0.13 * Math.sqrt(home) + 0.019 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
