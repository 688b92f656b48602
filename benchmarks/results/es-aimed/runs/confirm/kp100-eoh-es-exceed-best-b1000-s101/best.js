// ahd: best heuristic for kp100 after generation 25 (candidate 938, e1; train objective 40.15545)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, a penalty on weight.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.88 * v / w - 0.058 * (remainingCapacity - w) - 0.27 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
