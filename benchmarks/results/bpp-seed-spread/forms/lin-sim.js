function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => 1 - 0.9 * Math.abs(a - b) / capacity));
}
