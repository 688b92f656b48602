// ahd: best heuristic for aco-tsp50 after generation 100 (candidate 915, i1; train objective 5.82108)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, a bonus for nearest-neighbour edges.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    const kth = [...others].sort((a, b) => a - b)[Math.min(10, others.length - 1)];
    return row.map((d) => d ** -2.2 * Math.exp(-3.3 * d / mean) * (d <= kth ? 3.6 : 1));
  });
}
