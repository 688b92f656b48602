// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 318, i1; train objective 203)
// Pair desirability is the product of the fill level of the pair, random noise, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.7 * (1 + 1.9 * Math.abs(a - b) / capacity) * (1 + 0.02 * Math.random())));
}
