// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 562, i1; train objective 5.82521)
// Edge desirability is the product of inverse distance, a linear decay in distance, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.1 * Math.exp(-3.9 * d / mean) * Math.max(0.01, 1 - 0.72 * d));
  });
}
