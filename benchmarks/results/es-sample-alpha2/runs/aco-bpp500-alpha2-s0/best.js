// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 493, i1; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.1 * ((a + b) / capacity) ** 1.3 + 2.3 * (1 - 0.47 * Math.abs(a - b) / capacity)));
}
