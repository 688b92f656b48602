// ahd: best heuristic for kp100 after generation 25 (candidate 610, e1; train objective 40.14983)
// Take the fitting item with the highest score from item value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.26 * v / w ** 0.98;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
