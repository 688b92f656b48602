// ahd: best heuristic for kp100 after generation 25 (candidate 826, e2; train objective 40.15641)
// Take the fitting item with the highest score from random noise, value-to-weight ratio, a bonus for filling the remaining capacity, a penalty on weight, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.41 ? v : 0.39 * v / w + 0.22 * v / w + 0.055 * Math.sqrt(w) + 0.015 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
