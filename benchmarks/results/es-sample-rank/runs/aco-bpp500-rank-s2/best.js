// ahd: best heuristic for aco-bpp500 after generation 50 (candidate 224, i1; train objective 203)
// Pair desirability is a weighted sum of the fill level of the pair, random noise, a bonus when the leftover space is smaller than any item.
function heuristics(demand, capacity) {
  const small = Math.min(...demand);
  return demand.map((a) => demand.map((b) => 1.1 * ((a + b) / capacity) ** 3.5 + 0.69 * (capacity - a - b >= 0 && capacity - a - b < small ? 4.8 : 1) + 0.2 * (1 + 0.18 * Math.random())));
}
