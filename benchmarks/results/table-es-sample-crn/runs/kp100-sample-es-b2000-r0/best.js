// ahd: best heuristic for kp100 after generation 100 (candidate 447, i1; train objective 40.15749)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for filling the remaining capacity, a penalty for heavy items, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.63 * v / w + 0.4 * v / w + 0.21 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
