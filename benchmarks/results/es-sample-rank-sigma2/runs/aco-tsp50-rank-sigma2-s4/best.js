// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 997, i1; train objective 5.82758)
// Edge desirability is the product of inverse distance, a linear decay in distance.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row) => row.map((d) => d ** -2.5 * Math.max(0.01, 1 - 1.9 * d)));
}
