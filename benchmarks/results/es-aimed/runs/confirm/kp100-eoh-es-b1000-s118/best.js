// ahd: best heuristic for kp100 after generation 25 (candidate 907, e2; train objective 40.15179)
// Take the fitting item with the highest score from a penalty for an almost exact fit, a bonus for an almost exact fit, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.22 ? v : -0.71 * (remainingCapacity - w < 0.71 ? 1 : 0) + 0.88 * v / w + 0.7 * (remainingCapacity - w < 0.3 ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
