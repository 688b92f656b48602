// ahd: best heuristic for kp100 after generation 25 (candidate 240, m2; train objective 40.16039)
// Take the fitting item with the highest score from a penalty on the share of capacity used, value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.45 ? v : 0.55 * v / w ** 0.82 + 0.43 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
