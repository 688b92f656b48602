// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 181, e2; train objective 202.6)
// Pair desirability is the product of the fill level of the pair, random noise, the size of the second item.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.9 * (1 + 0.052 * Math.random()) * (1 + 2.4 * b / capacity)));
}
