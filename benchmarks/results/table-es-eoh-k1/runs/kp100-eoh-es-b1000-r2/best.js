// ahd: best heuristic for kp100 after generation 25 (candidate 240, m2; train objective 40.15837)
// Take the fitting item with the highest score from a penalty on leftover capacity, value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.62 ? v : 0.45 * v / w - 0.063 * (remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
