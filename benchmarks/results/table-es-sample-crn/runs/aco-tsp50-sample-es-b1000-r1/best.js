// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 912, i1; train objective 5.82287)
// Edge desirability is the product of inverse distance, a linear decay in distance, random noise.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row) => row.map((d) => d ** -3.4 * Math.max(0.01, 1 - 0.55 * d) * (1 + 0.72 * Math.random())));
}
