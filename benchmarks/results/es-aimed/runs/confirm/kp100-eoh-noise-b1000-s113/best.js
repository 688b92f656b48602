// ahd: best heuristic for kp100 after generation 25 (candidate 814, e1; train objective 40.15477)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for filling the remaining capacity, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 1.2 * v / w + 0.31 * v / w ** 1.2 + 0.32 * w / remainingCapacity;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
