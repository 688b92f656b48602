// ahd: best heuristic for kp100 after generation 50 (candidate 363, i1; train objective 40.15599)
// Take the fitting item with the highest score from value-to-weight ratio, random noise, a penalty on weight, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 1.4 * v / w + 0.14 * v / w + 0.44 * Math.sqrt(w) + 0.45 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
