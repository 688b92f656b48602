// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 254, i1; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.1 * (a + b) / capacity + 0.14 * (1 + 0.14 * Math.random())));
}
