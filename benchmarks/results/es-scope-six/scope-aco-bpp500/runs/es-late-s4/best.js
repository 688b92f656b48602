// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 384, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, the size difference of the pair, an exponential decay in the leftover space.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * (1 + 2.6 * Math.abs(a - b) / capacity) * Math.exp(-1.5 * Math.abs(capacity - a - b) / capacity)));
}
