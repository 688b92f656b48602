// ahd: best heuristic for kp100 after generation 100 (candidate 1148, i1; train objective 40.15588)
// Take the fitting item with the highest score from value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 1.1 * v / w ** 0.91;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
