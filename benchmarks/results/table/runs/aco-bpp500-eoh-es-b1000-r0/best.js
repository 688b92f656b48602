// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 103, e2; train objective 202.8)
// Pair desirability is a weighted sum of the fill level of the pair, random noise, the size difference of the pair.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1.9 * ((a + b) / capacity) ** 2.9 + 0.28 * (1 + 0.22 * Math.random()) + 2.1 * (1 + 0.19 * Math.abs(a - b) / capacity)));
}
