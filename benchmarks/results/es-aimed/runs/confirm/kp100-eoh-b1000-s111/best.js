// ahd: best heuristic for kp100 after generation 25 (candidate 535, e1; train objective 40.15318)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = -0.056 * (remainingCapacity - w) + 0.84 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
