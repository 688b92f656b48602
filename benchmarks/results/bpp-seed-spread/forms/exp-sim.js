function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => Math.exp(-5 * Math.abs(a - b) / capacity)));
}
