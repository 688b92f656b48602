// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 679, i1; train objective 202.8)
// Pair desirability is the product of the fill level of the pair, an exponential decay in the leftover space, random noise.
function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a + b) / capacity * Math.exp(-6.3 * Math.abs(capacity - a - b) / capacity) * (1 + 0.14 * Math.random())));
}
