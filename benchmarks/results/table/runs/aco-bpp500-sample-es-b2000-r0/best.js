// ahd: best heuristic for aco-bpp500 after generation 100 (candidate 498, i1; train objective 203)
// Pair desirability is a weighted sum of the fill level of the pair, random noise, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.6 * ((a + b) / capacity) ** 1.4 + 0.23 * (1 + 0.11 * Math.random()) + 0.47 * (1 + 0.69 * Math.abs(a - b) / capacity)));
}
