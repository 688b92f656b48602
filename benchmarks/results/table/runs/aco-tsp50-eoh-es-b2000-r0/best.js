// ahd: best heuristic for aco-tsp50 after generation 25 (candidate 1118, m2; train objective 5.81692)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, a bonus for nearest-neighbour edges.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    const kth = [...others].sort((a, b) => a - b)[Math.min(12, others.length - 1)];
    return row.map((d) => d ** -2.5 * Math.exp(-3.7 * d / mean) * (d <= kth ? 4.8 : 1));
  });
}
