// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 1084, m1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 3.6 * (1 + 0.089 * Math.random())));
}
