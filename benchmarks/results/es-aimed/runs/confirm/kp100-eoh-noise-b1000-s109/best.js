// ahd: best heuristic for kp100 after generation 25 (candidate 128, m2; train objective 40.15725)
// Take the fitting item with the highest score from value-to-weight ratio, the best ratio still fitting afterwards, a penalty on leftover capacity.
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
    const score = 0.18 * v / w ** 0.6 + 0.57 * next + 0.46 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
