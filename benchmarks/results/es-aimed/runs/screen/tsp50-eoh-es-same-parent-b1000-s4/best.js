// ahd: best heuristic for tsp50 after generation 25 (candidate 866, e2; train objective 6.35137)
// Among the 10 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise crowded nodes, penalise distance back to the start, prefer nodes with a wide spread.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 6)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      if (e < 0.16) close++;
    }
    const score = 1.1 * Math.sqrt(d) + 0.005 * close - 0.49 * far - 0.2 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
