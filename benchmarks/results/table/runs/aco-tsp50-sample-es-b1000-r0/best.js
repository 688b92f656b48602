// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 646, i1; train objective 5.82518)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => d ** -2.1 * Math.exp(-3.7 * d / mean));
  });
}
