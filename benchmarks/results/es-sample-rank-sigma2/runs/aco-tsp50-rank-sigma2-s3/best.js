// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 359, i1; train objective 5.817)
// Edge desirability is the product of inverse distance, closeness relative to the nearest neighbour, an exponential decay in distance relative to the row mean.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const min = Math.min(...others);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => 1 / d * (min / d) ** 1.1 * Math.exp(-3.4 * d / mean));
  });
}
