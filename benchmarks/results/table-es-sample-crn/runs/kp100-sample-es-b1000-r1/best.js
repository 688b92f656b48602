// ahd: best heuristic for kp100 after generation 50 (candidate 664, i1; train objective 40.15542)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for leaving capacity, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.98 ? v : 0.81 * v / w + 0.12 * Math.sqrt(remainingCapacity - w) + 0.2 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
