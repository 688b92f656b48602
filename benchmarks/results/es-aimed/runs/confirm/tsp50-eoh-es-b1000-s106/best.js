// ahd: best heuristic for tsp50 after generation 25 (candidate 249, m2; train objective 6.37470)
// Among the 11 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer peripheral nodes, penalise a large spread to the farthest unvisited node.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 9)) {
    const d = row[node];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 1.7 * d - 0.98 * mean - 0.24 * mean;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
