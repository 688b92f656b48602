// ahd: best heuristic for kp100 after generation 25 (candidate 1003, m2; train objective 40.15103)
// Take the fitting item with the highest score from random noise, value-to-weight ratio, a penalty for an almost exact fit, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.69 ? v : 0.89 * v / w + 0.16 * (remainingCapacity - w < 0.18 ? 1 : 0) + 0.89 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
