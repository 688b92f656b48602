// ahd: best heuristic for kp100 after generation 25 (candidate 486, m2; train objective 40.14950)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on weight, a penalty for an almost exact fit, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 1.2 ? v : 1.4 * v / w - 0.4 * (remainingCapacity - w < 0.47 ? 1 : 0) - 0.27 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
