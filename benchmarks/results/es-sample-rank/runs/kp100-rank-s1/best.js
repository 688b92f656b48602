// ahd: best heuristic for kp100 after generation 50 (candidate 703, i1; train objective 40.15689)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, a bonus for filling the remaining capacity.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 1.7 * v / w - 0.35 * (remainingCapacity - w) + 1.4 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
