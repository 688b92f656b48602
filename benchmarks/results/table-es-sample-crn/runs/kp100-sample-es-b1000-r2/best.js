// ahd: best heuristic for kp100 after generation 50 (candidate 64, i1; train objective 40.15337)
// Take the fitting item with the highest score from value-to-weight ratio, item value, random noise, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.54 ? v : 0.66 * v / w - 0.23 * v + 0.032 * Math.random() + 0.4 * v;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
