// ahd: best heuristic for kp100 after generation 25 (candidate 924, m2; train objective 40.15264)
// Take the fitting item with the highest score from a bonus for leaving capacity, a penalty on the share of capacity used, a penalty on leftover capacity used, a penalty for an almost exact fit.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.43 * (remainingCapacity - w < 0.28 ? 1 : 0) - 0.39 * (remainingCapacity - w < 0.36 ? 1 : 0) + 0.55 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
