// ahd: best heuristic for kp100 after generation 50 (candidate 765, i1; train objective 40.15711)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for heavy items, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.78 * v / w + 0.5 * v / w + 0.24 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
