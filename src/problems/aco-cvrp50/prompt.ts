/** What the model is told about ACO-CVRP, its seed heuristic and the classical baselines (JavaScript). */
export const taskText =
  'An ant colony optimisation (ACO) solver builds Capacitated Vehicle Routing Problem solutions by stochastic ' +
  'sampling: vehicles of a fixed capacity leave the depot (node 0), serve customers and return to the depot, and ' +
  'every customer must be served exactly once without exceeding the capacity on any route. Each ant moves from ' +
  'node i to a feasible node j with probability proportional to pheromone[i][j] * heuristics[i][j]. Design the ' +
  'heuristic prior: a function that rates how promising each edge is for short total route length.';

export const ioText =
  "'distanceMatrix' is an n x n array of arrays of Euclidean distances (diagonal 1), 'coordinates' an array of " +
  "n [x, y] points in the unit square, 'demands' an array of n customer demands (the depot's is 0) and " +
  "'capacity' the vehicle capacity (a number). 'heuristicsMatrix' must be an n x n array of arrays of finite " +
  'numbers (larger = more promising edge; values below 1e-9 are raised to 1e-9). Inputs and output are plain ' +
  'JavaScript arrays.';

export const seedCode = `function heuristics(distanceMatrix, coordinates, demands, capacity) {
  return distanceMatrix.map((row) => row.map((d) => 1 / d));
}
`;

export const baselines: Readonly<Record<string, string>> = {
  'inverse-distance': seedCode,
  // Clarke-Wright savings s(i, j) = d(i, 0) + d(0, j) - d(i, j) between customers, as in savings-based ant systems.
  savings: `function heuristics(distanceMatrix, coordinates, demands, capacity) {
  const n = distanceMatrix.length;
  return distanceMatrix.map((row, i) =>
    row.map((d, j) => {
      const saving = i === 0 || j === 0 || i === j ? 0 : distanceMatrix[i][0] + distanceMatrix[0][j] - d;
      return (1 + Math.max(saving, 0)) / d;
    }),
  );
}
`,
};
