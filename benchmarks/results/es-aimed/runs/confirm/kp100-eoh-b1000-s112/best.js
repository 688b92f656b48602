// ahd: best heuristic for kp100 after generation 25 (candidate 69, e2; train objective 40.15285)
// Take the fitting item with the highest score from a penalty on the best ratio still fitting afterwards, a bonus for an almost exact fit, value-to-weight ratio.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    let next = 0;
    for (let j = 0; j < weights.length; j++) {
      if (j !== i && weights[j] <= remainingCapacity - w) next = Math.max(next, values[j] / weights[j]);
    }
    const score = -0.35 * Math.sqrt(remainingCapacity - w) + 1.4 * v / w ** 0.96 + 0.34 * next;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
