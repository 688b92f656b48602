// ahd: best heuristic for kp100 after generation 50 (candidate 703, i1; train objective 40.15342)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.76 * v / w + 0.38 * v / w ** 1.1 + 0.19 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
