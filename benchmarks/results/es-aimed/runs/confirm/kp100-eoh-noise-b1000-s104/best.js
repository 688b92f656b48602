// ahd: best heuristic for kp100 after generation 25 (candidate 336, e1; train objective 40.15607)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for leaving capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.83 * v / w - 0.11 * (remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
