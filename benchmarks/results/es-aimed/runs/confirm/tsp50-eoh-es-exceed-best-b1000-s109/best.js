// ahd: best heuristic for tsp50 after generation 25 (candidate 575, e1; train objective 6.31460)
// Among the 7 nearest candidates, pick the node with the lowest score combining distance from the current node, penalise nodes far from the remaining ones on average, prefer nodes far from the start, penalise a large spread to the farthest unvisited node.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes.slice(0, 12)) {
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
    const score = 1.3 * Math.sqrt(d) - 0.58 * mean + 0.042 * far - 0.6 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
