// ahd: best heuristic for kp100 after generation 25 (candidate 732, e1; train objective 40.15652)
// Take the fitting item with the highest score from penalised value, a penalty for an almost exact fit, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = -1.3 * v + 1.6 * v - 0.39 * (remainingCapacity - w < 0.72 ? 1 : 0) + 1.5 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
