// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 432, i1; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 0.47 * (a + b) / capacity + 0.062 * (1 + 0.18 * Math.random())));
}
