// ahd: best heuristic for kp100 after generation 25 (candidate 294, e1; train objective 40.15593)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on the best ratio still fitting afterwards, value-weight ratio still fitting afterwards.
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
    const score = 0.39 * v / w + 0.5 * v / w + 0.44 * v / w ** 0.76;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
