// ahd: best heuristic for kp100 after generation 25 (candidate 527, m2; train objective 40.15644)
// Take the fitting item with the highest score from value-to-weight ratio, the best ratio, a penalty on leftover capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.9 * v / w + 1.7 * v / w - 0.32 * (remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
