// ahd: best heuristic for kp100 after generation 25 (candidate 1100, m2; train objective 40.1545)
// Take the fitting item with the highest score from value-to-weight ratio, item value, a penalty on leftover capacity, a penalty on the share of capacity used.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.38 * v / w ** 1.1 - 0.28 * (remainingCapacity - w) + 1.9 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
