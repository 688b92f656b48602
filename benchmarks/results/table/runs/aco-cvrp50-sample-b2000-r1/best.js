// ahd: best heuristic for aco-cvrp50 after generation 100 (candidate 1052, i1; train objective 9.60929)
// Edge desirability is the product of inverse distance, the combined demand of both ends, the angular closeness of both ends around the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.6 * (1 + 0.82 * (demands[i] + demands[j]) / capacity) * Math.exp(-2.8 * Math.abs(angle[i] - angle[j]))));
}
