// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 603, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, the size of the second item.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 1.7 * (1 - 0.82 * b / capacity)));
}
