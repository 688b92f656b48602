// ahd: best heuristic for kp100 after generation 25 (candidate 849, m2; train objective 40.15455)
// Take the fitting item with the highest score from a penalty on leftover capacity, value-to-weight ratio, random noise.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = -0.1 * Math.sqrt(remainingCapacity - w) + 0.88 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
