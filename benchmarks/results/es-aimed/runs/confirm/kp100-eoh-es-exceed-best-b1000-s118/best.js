// ahd: best heuristic for kp100 after generation 25 (candidate 860, e2; train objective 40.15424)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the share of capacity used.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.55 * v / w ** 0.96;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
