// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 947, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, the size of the second item, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 2.9 * (1 + 0.095 * Math.random()) * (1 + 1.8 * b / capacity)));
}
