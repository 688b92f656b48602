// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 261, e2; train objective 203)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.4 * (a + b) / capacity + 0.082 * (1 + 0.42 * Math.random())));
}
