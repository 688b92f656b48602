// ahd: best heuristic for kp100 after generation 25 (candidate 597, m1; train objective 40.15758)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for filling the remaining capacity, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.6 * v / w - 0.12 * Math.sqrt(remainingCapacity - w) + 0.35 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
