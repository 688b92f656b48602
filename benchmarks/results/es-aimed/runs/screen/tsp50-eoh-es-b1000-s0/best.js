// ahd: best heuristic for tsp50 after generation 25 (candidate 382, e2; train objective 6.31060)
// Among the 7 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes with a wide spread, prefer peripheral nodes, penalise distance back to the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 7)) {
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
    const score = 1.8 * Math.sqrt(d) - 0.47 * far - 0.42 * mean - 0.99 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
