// ahd: best heuristic for kp100 after generation 25 (candidate 900, e2; train objective 40.15692)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.22 * v / w + 1.2 * v / w ** 0.91;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
