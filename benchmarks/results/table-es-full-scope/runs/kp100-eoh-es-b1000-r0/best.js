// ahd: best heuristic for kp100 after generation 25 (candidate 527, m2; train objective 40.1555)
// Take the fitting item with the highest score from random noise, the best ratio still fitting afterwards, a penalty on the share of capacity used, switching to pure value when little capacity remains.
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
    const score = remainingCapacity < 0.46 ? v : 0.055 * next - 0.075 * Math.sqrt(remainingCapacity - w) + 0.65 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
