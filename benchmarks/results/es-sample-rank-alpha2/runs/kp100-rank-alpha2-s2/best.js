// ahd: best heuristic for kp100 after generation 50 (candidate 809, i1; train objective 40.1601)
// Take the fitting item with the highest score from value-to-weight ratio, a penalty on leftover capacity, value-weight ratio still fitting afterwards, switching to pure value when little capacity remains.
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
    const score = remainingCapacity < 0.54 ? v : 1.6 * v / w - 0.47 * Math.sqrt(remainingCapacity - w) + 0.21 * next;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
