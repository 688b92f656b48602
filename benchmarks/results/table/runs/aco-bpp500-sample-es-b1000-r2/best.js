// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 213, i1; train objective 203)
// Pair desirability is the product of the fill level of the pair, a bonus when the leftover space is smaller than any item, the size difference of the pair.
function heuristics(demand, capacity) {
  const small = Math.min(...demand);
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 1.3 * (capacity - a - b >= 0 && capacity - a - b < small ? 5.8 : 1) * (1 - 0.88 * Math.abs(a - b) / capacity)));
}
