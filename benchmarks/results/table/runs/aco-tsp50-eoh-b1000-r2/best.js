// ahd: best heuristic for aco-tsp50 after generation 25 (candidate 914, m1; train objective 5.83021)
// Edge desirability is the product of inverse distance, a linear decay in distance, a bonus for nearest-neighbour edges.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const kth = [...others].sort((a, b) => a - b)[Math.min(6, others.length - 1)];
    return row.map((d) => d ** -2.6 * Math.max(0.01, 1 - 1.1 * d) * (d <= kth ? 5.5 : 1));
  });
}
