// ahd: best heuristic for kp100 after generation 25 (candidate 890, e1; train objective 40.15761)
// Take the fitting item with the highest score from a bonus for leaving capacity, value-to-weight ratio, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.28 * (remainingCapacity - w) + 0.45 * v / w ** 1.1 + 0.63 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
