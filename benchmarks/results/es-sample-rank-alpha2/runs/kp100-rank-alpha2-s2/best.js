// ahd: best heuristic for kp100 after generation 9 (candidate 6, i1; train objective 40.15573)
// Take the fitting item with the highest score from a bonus for filling the remaining capacity, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.62 * v / w ** 0.85 + 0.71 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
