// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 289, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, the size difference of the pair, a bonus when the leftover space is smaller than any item.
function heuristics(demand, capacity) {
  const small = Math.min(...demand);
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.4 * (1 + 2.5 * Math.abs(a - b) / capacity) * (capacity - a - b >= 0 && capacity - a - b < small ? 2.1 : 1)));
}
