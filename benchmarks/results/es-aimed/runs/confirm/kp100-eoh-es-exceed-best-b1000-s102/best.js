// ahd: best heuristic for kp100 after generation 25 (candidate 369, m2; train objective 40.14966)
// Take the fitting item with the highest score from value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.88 ? v : 0.62 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
