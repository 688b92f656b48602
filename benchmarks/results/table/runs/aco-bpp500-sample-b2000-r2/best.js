// ahd: best heuristic for aco-bpp500 after generation 100 (candidate 56, i1; train objective 203)
// Pair desirability is a weighted sum of the fill level of the pair, random noise, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 0.94 * ((a + b) / capacity) ** 2.6 + 0.3 * (1 + 0.2 * Math.abs(a - b) / capacity) + 0.24 * (1 + 0.095 * Math.random())));
}
