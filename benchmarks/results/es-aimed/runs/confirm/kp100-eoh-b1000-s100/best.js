// ahd: best heuristic for kp100 after generation 25 (candidate 138, e1; train objective 40.14974)
// Take the fitting item with the highest score from a penalty on leftover capacity, random noise, a bonus for an almost exact fit.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = -0.1 * (remainingCapacity - w) + 1.4 * v / w + 0.015 * (remainingCapacity - w) + 0.053 * Math.random();
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
