// ahd: best heuristic for aco-bpp500 after generation 100 (candidate 531, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, a bonus when the leftover space is smaller than any item, the size difference of the pair.
function heuristics(demand, capacity) {
  const small = Math.min(...demand);
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.5 * (capacity - a - b >= 0 && capacity - a - b < small ? 2.6 : 1) * (1 + 2.6 * Math.abs(a - b) / capacity)));
}
