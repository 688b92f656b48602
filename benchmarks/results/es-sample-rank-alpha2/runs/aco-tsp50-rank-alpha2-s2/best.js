// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 632, i1; train objective 5.81193)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, random noise.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.8 * Math.exp(-2.8 * d / mean) * (1 + 0.38 * Math.random()));
  });
}
