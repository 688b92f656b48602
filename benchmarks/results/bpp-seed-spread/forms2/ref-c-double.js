function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a !== b ? 2 * a * b / (a + b + (a - b) ** 2 / (2 * capacity)) : 1)));
}
