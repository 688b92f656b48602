// ahd: best heuristic for kp100 after generation 25 (candidate 780, e2; train objective 40.15428)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the best ratio still fitting afterwards, a penalty on the share of capacity used, switching to pure value when little capacity remains.
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
    const score = remainingCapacity < 0.63 ? v : 0.34 * v / w + 0.16 * v / w ** 0.82 + 0.53 * next;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
