// ahd: best heuristic for tsp50 after generation 50 (candidate 809, i1; train objective 6.37183)
// Among the 9 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise nodes far from the remaining ones on average.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 7)) {
    const d = row[node];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.19) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.94 * d - 0.3 * mean - 0.38 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
