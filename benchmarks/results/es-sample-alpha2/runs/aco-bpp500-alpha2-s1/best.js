// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 183, i1; train objective 203)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 2.1 * (a + b) / capacity + 0.11 * (1 + 0.44 * Math.random())));
}
