// ahd: best heuristic for tsp50 after generation 25 (candidate 691, e1; train objective 6.39798)
// Among the 8 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 12)) {
    const d = row[node];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.88 * Math.sqrt(d) - 0.6 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
