// ahd: best heuristic for kp100 after generation 25 (candidate 959, m1; train objective 40.15644)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, a penalty on weight, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.53 * v / w + 0.48 * v / w - 0.25 * (remainingCapacity - w) + 1.1 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
