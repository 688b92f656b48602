// ahd: best heuristic for tsp50 after generation 50 (candidate 416, i1; train objective 6.32984)
// Among the 5 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, prefer nodes far from the start, penalise nodes whose nearest unvisited neighbour is far.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let near = Infinity, sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
      if (e < 0.18) close++;
    }
    if (near === Infinity) near = 0;
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.5 * Math.sqrt(d) - 0.31 * mean - 0.25 * Math.sqrt(home) + 0.097 * near * near * near - 0.46 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
