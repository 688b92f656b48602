// ahd: best heuristic for kp100 after generation 25 (candidate 248, m2; train objective 40.15084)
// Take the fitting item with the highest score from value-to-weight ratio, the best ratio, a bonus for filling the remaining capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.63 ? v : 1.1 * v / w + 0.3 * v / w ** 1.3 + 0.22 * w / remainingCapacity;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
