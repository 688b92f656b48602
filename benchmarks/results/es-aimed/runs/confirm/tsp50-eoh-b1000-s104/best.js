// ahd: best heuristic for tsp50 after generation 25 (candidate 489, m2; train objective 6.31253)
// Among the 8 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 12)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.2 * d - 0.45 * mean - 0.47 * Math.sqrt(home) - 0.15 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
