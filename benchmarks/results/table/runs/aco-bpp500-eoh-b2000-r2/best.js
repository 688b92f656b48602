// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 1516, m2; train objective 202.6)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 0.25 * (a + b) / capacity + 0.054 * (1 + 0.11 * Math.random())));
}
