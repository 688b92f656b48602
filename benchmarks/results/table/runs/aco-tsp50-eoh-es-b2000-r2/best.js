// ahd: best heuristic for aco-tsp50 after generation 25 (candidate 209, m1; train objective 5.81933)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, random noise.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.1 * Math.exp(-2.7 * d / mean) * (1 + 0.6 * Math.random()));
  });
}
