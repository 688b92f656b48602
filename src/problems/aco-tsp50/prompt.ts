/** What the model is told about ACO-TSP, its seed heuristic and the classical baselines (JavaScript). */
export const taskText =
  'An ant colony optimisation (ACO) solver builds Traveling Salesman Problem tours by stochastic sampling: each ' +
  'ant starts at a random node and repeatedly moves to an unvisited node j from its current node i with ' +
  'probability proportional to pheromone[i][j] * heuristics[i][j], until it closes a tour through every node. ' +
  'Design the heuristic prior: a function that rates how promising each edge is for a short closed tour, so that ' +
  'the colony finds shorter tours.';

export const ioText =
  "'distanceMatrix' is an n x n array of arrays of Euclidean distances between nodes in the unit square; its " +
  "diagonal is 1. 'heuristicsMatrix' must be an n x n array of arrays of finite numbers (larger = more " +
  'promising edge; values below 1e-9 are raised to 1e-9). Inputs and output are plain JavaScript arrays.';

export const seedCode = `function heuristics(distanceMatrix) {
  return distanceMatrix.map((row) => row.map((d) => 1 / d));
}
`;

export const baselines: Readonly<Record<string, string>> = {
  'inverse-distance': seedCode,
  // The usual ACO visibility with a stronger distance bias (beta = 2 in the classical Ant System's terms).
  'inverse-distance-squared': `function heuristics(distanceMatrix) {
  return distanceMatrix.map((row) => row.map((d) => 1 / (d * d)));
}
`,
};
