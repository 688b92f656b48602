// ahd: best heuristic for kp100 after generation 100 (candidate 1400, i1; train objective 40.15568)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for leaving capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.65 * v / w ** 0.68 + 1.5 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
