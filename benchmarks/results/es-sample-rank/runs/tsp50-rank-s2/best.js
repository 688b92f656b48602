// ahd: best heuristic for tsp50 after generation 50 (candidate 978, i1; train objective 6.30695)
// Pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer peripheral nodes, prefer nodes with many close neighbours.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.19) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.55 * d - 0.12 * Math.sqrt(home) - 0.27 * mean - 0.054 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
