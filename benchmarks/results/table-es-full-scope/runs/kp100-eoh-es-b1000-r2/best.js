// ahd: best heuristic for kp100 after generation 25 (candidate 800, m2; train objective 40.15523)
// Take the fitting item with the highest score from value-to-weight ratio, random noise, a penalty for an almost exact fit.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.56 * v / w - 0.22 * Math.sqrt(remainingCapacity - w) + 0.66 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
