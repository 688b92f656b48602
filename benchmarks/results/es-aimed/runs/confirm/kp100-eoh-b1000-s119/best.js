// ahd: best heuristic for kp100 after generation 25 (candidate 440, m2; train objective 40.15056)
// Take the fitting item with the highest score from random noise, a penalty on weight, value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.84 ? v : 1.5 * v / w + 0.025 * Math.random() - 0.13 * w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
