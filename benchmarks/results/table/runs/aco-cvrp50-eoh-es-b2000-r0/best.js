// ahd: best heuristic for aco-cvrp50 after generation 25 (candidate 1856, e1; train objective 9.65827)
// Edge desirability is the product of inverse distance, an exponential decay in distance, the angular closeness of both ends around the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.6 * Math.exp(-0.66 * d) * Math.exp(-3.3 * Math.abs(angle[i] - angle[j]))));
}
