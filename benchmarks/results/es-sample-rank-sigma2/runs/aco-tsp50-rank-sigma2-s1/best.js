// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 263, i1; train objective 5.79927)
// Edge desirability is the product of inverse distance, random noise, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.9 * (1 + 0.6 * Math.random()) * Math.exp(-2.3 * d / mean));
  });
}
