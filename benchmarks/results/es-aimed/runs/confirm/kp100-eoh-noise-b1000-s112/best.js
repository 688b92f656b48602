// ahd: best heuristic for kp100 after generation 25 (candidate 683, m2; train objective 40.15233)
// Take the fitting item with the highest score from penalised value, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.7 * v / w ** 0.99 + 0.13 * v;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
