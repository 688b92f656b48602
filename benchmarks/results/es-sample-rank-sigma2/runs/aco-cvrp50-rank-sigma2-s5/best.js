// ahd: best heuristic for aco-cvrp50 after generation 50 (candidate 675, i1; train objective 9.74039)
// Edge desirability is the product of inverse distance, the distance of the next customer from the depot, the angular closeness of both ends around the depot.
function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const depot = distanceMatrix[0];
  const [x0, y0] = coordinates[0];
  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));
  return distanceMatrix.map((row, i) => row.map((d, j) => d ** -2.2 * Math.exp(-2.5 * Math.abs(angle[i] - angle[j])) * Math.exp(-2.8 * depot[j])));
}
