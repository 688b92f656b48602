// ahd: best heuristic for kp100 after generation 50 (candidate 610, i1; train objective 40.1538)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for filling the remaining capacity, a penalty on the best ratio still fitting afterwards.
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
    const score = 1.5 * v / w + 0.12 * w / remainingCapacity + 0.23 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
