// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 123, i1; train objective 5.82908)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, closeness relative to the nearest neighbour.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const min = Math.min(...others);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.2 * Math.exp(-2.2 * d / mean) * (min / d));
  });
}
