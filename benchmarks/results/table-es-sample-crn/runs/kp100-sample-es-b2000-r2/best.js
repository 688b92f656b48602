// ahd: best heuristic for kp100 after generation 100 (candidate 1988, i1; train objective 40.1596)
// Take the fitting item with the highest score from value-to-weight ratio, value, a bonus for heavy items, switching to pure value when little capacity remains.
function selectNextItem(remainingCapacity, weights, values) {
  let best = 0, bestScore = -Infinity;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i];
    if (w > remainingCapacity) continue;
    const v = values[i];
    const score = remainingCapacity < 0.5 ? v : 0.75 * v / w - 0.22 * (remainingCapacity - w) + 1.2 * v / w;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return best;
}
