// ahd: best heuristic for tsp50 after generation 50 (candidate 740, i1; train objective 6.43033)
// Pick the node with the lowest score combining distance from the current node, prefer nodes with a wide spread, penalise distance back to the start, prefer nodes far from the start.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    const home = distanceMatrix[node][destinationNode];
    let far = 0, sum = 0;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      far = Math.max(far, e);
      sum += e;
    }
    const mean = sum / Math.max(1, unvisitedNodes.length - 1);
    const score = 0.78 * Math.sqrt(d) - 0.22 * mean + 0.003 * Math.random() - 0.41 * far;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
