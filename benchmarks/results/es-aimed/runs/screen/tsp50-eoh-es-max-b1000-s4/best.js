// ahd: best heuristic for tsp50 after generation 25 (candidate 548, e2; train objective 6.32376)
// Among the 6 nearest candidates, pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer peripheral nodes, penalise crowded nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 10)) {
    const d = row[node];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.12) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.85 * Math.sqrt(d) - 0.43 * mean + 0.03 * close - 0.22 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
