// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 569, i1; train objective 5.81432)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -1.6 * Math.exp(-3 * d / mean) * Math.exp(-2.4 * d / mean));
  });
}
