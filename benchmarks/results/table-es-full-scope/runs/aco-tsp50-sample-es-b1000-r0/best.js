// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 59, i1; train objective 5.83357)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, closeness relative to the nearest neighbour.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const min = Math.min(...others);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -1.3 * Math.exp(-2.9 * d / mean) * (min / d));
  });
}
