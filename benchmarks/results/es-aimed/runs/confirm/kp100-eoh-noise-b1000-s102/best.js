// ahd: best heuristic for kp100 after generation 25 (candidate 256, e1; train objective 40.15201)
// Take the fitting item with the highest score from value-to-weight ratio, a bonus for heavy items, a penalty on the best ratio still fitting afterwards, switching to pure value when little capacity remains.
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
    const score = remainingCapacity < 0.55 ? v : 0.72 * v / w - 0.12 * (remainingCapacity - w) + 0.14 * next;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
