// ahd: best heuristic for tsp50 after generation 50 (candidate 925, i1; train objective 6.27762)
// Among the 9 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise a large spread to the farthest unvisited node, prefer peripheral nodes, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 12)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
      if (e < 0.16) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.6 * d - 0.22 * Math.sqrt(home) - 0.32 * mean + 0.003 * close;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
