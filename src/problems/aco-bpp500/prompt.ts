/** What the model is told about ACO bin packing, its seed heuristic and the classical baselines (JavaScript). */
export const taskText =
  'Offline bin packing: pack items of given sizes into as few bins of a fixed capacity as possible. A ' +
  'solver builds packings greedily many times: it opens a bin with a random item, then keeps adding the fitting ' +
  'item j with the highest average heuristics[i][j] over the items i already in the bin, and opens a new bin when ' +
  'nothing fits; the best packing counts. Design the heuristic prior: a function that rates, for every pair of ' +
  'items, how promising it is to put them in the same bin.';

export const ioText =
  "'demand' is an array of n item sizes (integers) and 'capacity' the bin capacity (a number). " +
  "'heuristicsMatrix' must be an n x n array of arrays of finite numbers with a positive maximum (larger = the " +
  'pair belongs together more; the solver clips values to [1e-6, 1e6] and divides by the maximum). Inputs and ' +
  'output are plain JavaScript arrays.';

export const seedCode = `function heuristics(demand, capacity) {
  const largest = Math.max(...demand);
  const row = demand.map((d) => d / largest);
  return demand.map(() => row.slice());
}
`;

export const baselines: Readonly<Record<string, string>> = {
  'largest-demand': seedCode,
  // Prefer partners that, together, fill a bin as completely as possible.
  'pair-fill': `function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b <= capacity ? (a + b) / capacity : 0)));
}
`,
};
