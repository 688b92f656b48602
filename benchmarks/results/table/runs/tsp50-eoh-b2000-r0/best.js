// ahd: best heuristic for tsp50 after generation 0 (candidate 2, i1; train objective 6.41974)
// Pick the node with the lowest score combining distance from the current node, prefer nodes far from the start, penalise nodes whose nearest unvisited neighbour is far.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    let near = Infinity, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
      sum += e;
    }
    if (near === Infinity) near = 0;
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.65 * d - 0.55 * mean + 0.12 * near * near;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
