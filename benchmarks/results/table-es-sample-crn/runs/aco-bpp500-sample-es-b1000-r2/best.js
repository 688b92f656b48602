// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 218, i1; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, the size of the second item, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.7 * (a + b) / capacity + 0.8 * (1 + 0.89 * b / capacity) + 0.26 * (1 + 0.22 * Math.random())));
}
