// ahd: best heuristic for kp100 after generation 25 (candidate 146, e2; train objective 40.15638)
// Take the fitting item with the highest score from value-to-weight ratio, item value.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.39 * v / w + 0.061 * v;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
