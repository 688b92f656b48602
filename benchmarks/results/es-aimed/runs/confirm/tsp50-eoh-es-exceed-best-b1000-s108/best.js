// ahd: best heuristic for tsp50 after generation 25 (candidate 578, e1; train objective 6.31495)
// Among the 6 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 11)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.4 * Math.sqrt(d) - 0.63 * mean - 0.57 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
