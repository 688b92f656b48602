// ahd: best heuristic for aco-tsp50 after generation 100 (candidate 729, i1; train objective 5.83116)
// Edge desirability is the product of inverse distance, a bonus for nearest-neighbour edges, a linear decay in distance.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const kth = [...others].sort((a, b) => a - b)[Math.min(9, others.length - 1)];
    return row.map((d) => d ** -2.8 * (d <= kth ? 1.9 : 1) * Math.max(0.01, 1 - 1.7 * d));
  });
}
