// ahd: best heuristic for aco-bpp500 after generation 25 (candidate 909, e2; train objective 202.6)
// Pair desirability is the product of the fill level of the pair, random noise, an exponential decay in the leftover space.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * (1 + 0.072 * Math.random()) * Math.exp(-5.3 * Math.abs(capacity - a - b) / capacity)));
}
