// ahd: best heuristic for kp100 after generation 25 (candidate 712, m1; train objective 40.15443)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the share of capacity used, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.75 * v / w - 0.1 * v / w ** 1.4 + 0.34 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
