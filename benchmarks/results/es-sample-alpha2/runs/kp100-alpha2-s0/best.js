// ahd: best heuristic for kp100 after generation 50 (candidate 402, i1; train objective 40.15346)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for an almost exact fit, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.56 ? v : 1.7 * v / w + 0.056 * (remainingCapacity - w < 0.41 ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
