// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 15, i1; train objective 202.4)
// Pair desirability is the product of the fill level of the pair, the size difference of the pair, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * (1 - 0.99 * Math.abs(a - b) / capacity) * (1 + 0.53 * Math.abs(a - b) / capacity)));
}
