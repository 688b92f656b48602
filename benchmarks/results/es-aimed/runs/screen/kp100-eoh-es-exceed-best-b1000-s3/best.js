// ahd: best heuristic for kp100 after generation 25 (candidate 718, m1; train objective 40.15512)
// Take the fitting item with the highest score from a penalty on the share of capacity used, a penalty on the best ratio still fitting afterwards, value-to-weight ratio, switching to pure value when little capacity remains.
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
    const score = remainingCapacity < 0.27 ? v : -0.17 * v / w ** 1.1 + 0.66 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
