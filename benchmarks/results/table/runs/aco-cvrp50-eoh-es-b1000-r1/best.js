// ahd: best heuristic for aco-cvrp50 after generation 1 (candidate 14, e1; train objective 9.92976)
// Edge desirability is the product of inverse distance, the demand of the next customer, the distance of the next customer from the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const depot = distanceMatrix[0];
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.5 * (1 + 2.3 * demands[j] / capacity) * Math.exp(-4.3 * depot[j])));
}
