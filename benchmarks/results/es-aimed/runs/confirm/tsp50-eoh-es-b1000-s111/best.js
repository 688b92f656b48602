// ahd: best heuristic for tsp50 after generation 25 (candidate 759, m1; train objective 6.34616)
// Among the 5 nearest candidates, pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, penalise a large spread to the farthest unvisited node.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 10)) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
    }
    const score = 0.72 * d - 0.39 * Math.sqrt(home) - 0.24 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
