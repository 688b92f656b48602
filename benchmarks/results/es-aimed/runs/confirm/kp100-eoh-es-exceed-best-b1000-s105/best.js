// ahd: best heuristic for kp100 after generation 25 (candidate 120, m2; train objective 40.15707)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the share of capacity used, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.25 ? v : 0.64 * v / w ** 0.85 + 0.41 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
