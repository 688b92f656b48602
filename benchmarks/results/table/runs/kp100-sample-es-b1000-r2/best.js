// ahd: best heuristic for kp100 after generation 50 (candidate 862, i1; train objective 40.16001)
// Take the fitting item with the highest score from a bonus for heavy items, value-to-weight ratio, a bonus for leaving capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.4 ? v : 0.59 * Math.sqrt(w) + 0.29 * (remainingCapacity - w) + 1.4 * v / w + 0.18 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
