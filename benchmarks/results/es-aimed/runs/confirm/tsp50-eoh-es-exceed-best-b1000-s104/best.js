// ahd: best heuristic for tsp50 after generation 25 (candidate 686, m2; train objective 6.33024)
// Among the 8 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes, prefer isolated nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
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
    const score = 1.8 * Math.sqrt(d) - 0.47 * mean - 0.46 * home - 0.3 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
