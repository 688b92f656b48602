// ahd: best heuristic for aco-cvrp50 after generation 25 (candidate 1600, m2; train objective 9.58318)
// Edge desirability is the product of inverse distance, the angular closeness of both ends around the depot, the distance of the next customer from the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const depot = distanceMatrix[0];
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -3.4 * Math.exp(-2.3 * Math.abs(angle[i] - angle[j])) * Math.exp(-2.5 * depot[j])));
}
