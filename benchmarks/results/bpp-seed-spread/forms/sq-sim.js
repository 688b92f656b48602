function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1 / (1 + (a - b) ** 2 / capacity)));
}
