// ahd: best heuristic for tsp50 after generation 0 (candidate 1, i1; train objective 6.77184)
// Among candidates close to the nearest one, pick the node with the lowest score combining distance from the current node, penalise distance back to the start, penalise nodes whose nearest unvisited neighbour is far.
function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  const row = distanceMatrix[currentNode];
  const limit = 1.8 * Math.min(...unvisitedNodes.map((node) => row[node]));
  let best = unvisitedNodes[0], bestScore = Infinity;
  for (const node of unvisitedNodes) {
    const d = row[node];
    if (d > limit) continue;
    const home = distanceMatrix[node][destinationNode];
    let near = Infinity;
    for (const other of unvisitedNodes) {
      if (other === node) continue;
      const e = distanceMatrix[node][other];
      near = Math.min(near, e);
    }
    if (near === Infinity) near = 0;
    const score = 1.5 * d - 0.69 * home + 0.42 * near * near + 0.051 * home;
    if (score < bestScore) [best, bestScore] = [node, score];
  }
  return best;
}
