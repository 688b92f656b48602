// ahd: best heuristic for kp100 after generation 25 (candidate 688, m2; train objective 40.15419)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for heavy items, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.65 ? v : 1.6 * v / w + 0.39 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
