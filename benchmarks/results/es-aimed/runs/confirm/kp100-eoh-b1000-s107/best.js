// ahd: best heuristic for kp100 after generation 25 (candidate 62, e2; train objective 40.15502)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for leaving capacity, a bonus for leaving capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.44 ? v : 0.42 * v / w + 0.015 * Math.sqrt(remainingCapacity - w) + 0.061 * Math.sqrt(remainingCapacity - w) + 0.26 * v / w ** 0.51;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
