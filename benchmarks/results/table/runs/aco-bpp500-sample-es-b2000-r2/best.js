// ahd: best heuristic for aco-bpp500 after generation 100 (candidate 1839, i1; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 2.2 * (a + b) / capacity + 0.055 * (1 + 0.87 * Math.random())));
}
