// ahd: best heuristic for tsp50 after generation 25 (candidate 207, m2; train objective 6.30204)
// Among the 9 nearest candidates, pick the node with the lowest score combining distance from the current node, small random tie-breaking, prefer isolated nodes, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 10)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let near = Infinity, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
    }
    if (near === Infinity) near = 0;
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.47 * d - 0.26 * Math.sqrt(home) - 0.22 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
