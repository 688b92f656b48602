// ahd: best heuristic for tsp50 after generation 25 (candidate 354, m1; train objective 6.35274)
// Among the 3 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise distance back to the start, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
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
    const score = 1.6 * Math.sqrt(d) - 0.075 * mean - 0.58 * Math.sqrt(home) - 0.34 * Math.sqrt(home) - 0.46 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
