// ahd: best heuristic for aco-cvrp50 after generation 50 (candidate 603, i1; train objective 9.69409)
// Edge desirability is the product of inverse distance, the demand of the next customer, the angular closeness of both ends around the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.4 * (1 + 2.8 * demands[j] / capacity) * Math.exp(-2.9 * Math.abs(angle[i] - angle[j]))));
}
