// ahd: best heuristic for aco-bpp500 after generation 100 (candidate 1, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, random noise, the size of the second item.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * (1 + 0.036 * Math.random()) * (1 + 0.96 * b / capacity)));
}
