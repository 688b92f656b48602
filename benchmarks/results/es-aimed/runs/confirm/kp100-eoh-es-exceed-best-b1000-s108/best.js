// ahd: best heuristic for kp100 after generation 25 (candidate 266, e2; train objective 40.15856)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, a bonus for leaving capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.34 ? v : 1.9 * v / w - 0.26 * (remainingCapacity - w) + 0.56 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
