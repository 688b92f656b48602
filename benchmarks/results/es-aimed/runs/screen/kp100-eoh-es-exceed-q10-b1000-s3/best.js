// ahd: best heuristic for kp100 after generation 25 (candidate 411, e1; train objective 40.15351)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on weight, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.45 * v / w - 0.23 * (remainingCapacity - w) + 1.1 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
