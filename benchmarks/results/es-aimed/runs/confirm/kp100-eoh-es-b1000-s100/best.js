// ahd: best heuristic for kp100 after generation 25 (candidate 852, e1; train objective 40.15275)
// Take the fitting item with the highest score from value-to-weight ratio, item value, a penalty on leftover capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.5 ? v : 1.7 * v / w - 0.33 * (remainingCapacity - w) + 0.38 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
