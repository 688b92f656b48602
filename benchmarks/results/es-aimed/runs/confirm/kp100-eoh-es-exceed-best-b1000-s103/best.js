// ahd: best heuristic for kp100 after generation 25 (candidate 758, m1; train objective 40.15354)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty for an almost exact fit, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.46 ? v : 0.62 * v / w + 0.056 * v / w ** 0.68;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
