// ahd: best heuristic for kp100 after generation 25 (candidate 424, e2; train objective 40.15574)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for filling the remaining capacity, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.94 * v / w + 0.19 * w / remainingCapacity + 0.38 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
