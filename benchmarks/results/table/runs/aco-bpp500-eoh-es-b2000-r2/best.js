// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 186, e2; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, random noise, an exponential decay in the leftover space.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * (1 + 0.12 * Math.random()) * Math.exp(-9.7 * Math.abs(capacity - a - b) / capacity)));
}
