// ahd: best heuristic for kp100 after generation 25 (candidate 415, e1; train objective 40.15313)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the share of capacity used, value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.97 ? v : 1.3 * v / w + 0.33 * v / w - 0.22 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
