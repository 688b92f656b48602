// ahd: best heuristic for aco-tsp50 after generation 25 (candidate 459, m1; train objective 5.83018)
// Edge desirability is a weighted sum of inverse distance, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => 1.5 * d ** -3.6 + 0.27 * Math.exp(-3 * d / mean));
  });
}
