// ahd: best heuristic for aco-tsp50 after generation 50 (candidate 660, i1; train objective 5.83302)
// Edge desirability is the product of inverse distance, closeness relative to the nearest neighbour.
function heuristics(distanceMatrix) {
  return distanceMatrix.map((row, i) => {
    const others = row.filter((_, j) => j !== i);
    const min = Math.min(...others);
    return row.map((d) => d ** -3.6 * (min / d) ** 2.5);
  });
}
