// ahd: best heuristic for tsp50 after generation 50 (candidate 755, i1; train objective 6.31497)
// Among the 4 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer peripheral nodes, prefer peripheral nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0, close = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
      if (e < 0.12) close++;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.2 * d - 0.19 * Math.sqrt(home) - 0.97 * mean + 0.001 * Math.sqrt(home);
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
