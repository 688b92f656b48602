// ahd: best heuristic for kp100 after generation 25 (candidate 380, e2; train objective 40.15790)
// Take the fitting item with the highest score from penalised value, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.75 * v / w ** 0.68 + 0.12 * v - 0.41 * v;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
