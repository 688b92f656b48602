// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 100, i1; train objective 203.2)
// Pair desirability is the product of the fill level of the pair, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.5 * (1 + 2.9 * Math.abs(a - b) / capacity)));
}
