// ahd: best heuristic for aco-cvrp50 after generation 8 (candidate 282, m2; train objective 9.96897)
// Edge desirability is the product of inverse distance, the demand of the next customer, the angular closeness of both ends around the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -2.3 * (1 + 2.6 * demands[j] / capacity) * Math.exp(-2.2 * Math.abs(angle[i] - angle[j]))));
}
