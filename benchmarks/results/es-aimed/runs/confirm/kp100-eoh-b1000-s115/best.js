// ahd: best heuristic for kp100 after generation 25 (candidate 386, e2; train objective 40.15441)
// Take the fitting item with the highest score from a bonus for leaving capacity, a penalty for an almost exact fit, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.25 * (remainingCapacity - w < 0.35 ? 1 : 0) - 0.14 * (remainingCapacity - w < 0.45 ? 1 : 0) + 1.4 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
