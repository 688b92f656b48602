// ahd: best heuristic for kp100 after generation 50 (candidate 79, i1; train objective 40.15517)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for leaving capacity, a bonus for heavy items.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 1.9 * v / w ** 1.1 + 0.96 * Math.sqrt(w) + 0.085 * Math.sqrt(remainingCapacity - w);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
