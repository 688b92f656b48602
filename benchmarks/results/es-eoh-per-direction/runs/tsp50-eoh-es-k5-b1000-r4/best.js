// ahd: best heuristic for tsp50 after generation 25 (candidate 170, e1; train objective 6.407)
// Among the 7 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 6)) {
    const d = row[node];
    let sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.59 * Math.sqrt(d) - 0.41 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
