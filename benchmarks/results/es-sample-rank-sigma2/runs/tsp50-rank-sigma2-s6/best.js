// ahd: best heuristic for tsp50 after generation 50 (candidate 366, i1; train objective 6.27518)
// Among the 5 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, prefer nodes far from the start, small random tie-breaking.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 8)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.78 * d - 0.2 * Math.sqrt(home) - 0.37 * mean - 0.01 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
