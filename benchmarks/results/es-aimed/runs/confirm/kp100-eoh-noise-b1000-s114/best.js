// ahd: best heuristic for kp100 after generation 25 (candidate 673, m1; train objective 40.15232)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for an almost exact fit, random noise.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = 0.87 * v / w + 0.021 * Math.random() + 0.06 * (remainingCapacity - w < 0.22 ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
