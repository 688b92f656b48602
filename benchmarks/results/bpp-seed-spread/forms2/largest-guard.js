function heuristics(demand, capacity) {
  return demand.map((a) => demand.map((b) => (a !== b ? b : 1)));
}
