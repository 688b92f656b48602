// ahd: best heuristic for kp100 after generation 25 (candidate 93, e1; train objective 40.15960)
// Take the fitting item with the highest score from a bonus for leaving capacity, a penalty on weight, value-to-weight ratio, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.5 ? v : 0.4 * Math.sqrt(w) + 1.7 * v / w - 0.11 * Math.sqrt(w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
