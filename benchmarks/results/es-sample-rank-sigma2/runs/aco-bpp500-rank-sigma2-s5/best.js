// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 381, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => ((a + b) / capacity) ** 1.9 * (1 + 0.019 * Math.random())));
}
