// ahd: best heuristic for aco-tsp50 after generation 100 (candidate 1227, i1; train objective 5.83198)
// Edge desirability is the product of inverse distance, an exponential decay in distance relative to the row mean, closeness relative to the nearest neighbour.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const min = Math.min(...others);
    const mean = others.reduce((a, b) => a + b, 0) / others.length;
    return row.map((d) => 1 / d * Math.exp(-3.8 * d / mean) * (min / d) ** 2.1);
  });
}
