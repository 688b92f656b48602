// ahd: best heuristic for aco-cvrp50 after generation 2 (candidate 6, i1; train objective 10.19848)
// Edge desirability is the product of inverse distance, the combined demand of both ends, an exponential decay in distance.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.7 * (1 + 0.72 * (demands[i] + demands[j]) / capacity) * Math.exp(-7.8 * d)));
}
