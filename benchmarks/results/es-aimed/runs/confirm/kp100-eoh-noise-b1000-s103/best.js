// ahd: best heuristic for kp100 after generation 25 (candidate 525, m2; train objective 40.15208)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for an almost exact fit, a bonus for leaving capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 1.1 ? v : 1.8 * v / w + 0.11 * (remainingCapacity - w < 0.31 ? 1 : 0) + 0.22 * Math.sqrt(remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
