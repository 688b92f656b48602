// ahd: best heuristic for kp100 after generation 25 (candidate 637, m1; train objective 40.15250)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.55 * v / w - 0.085 * (remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
