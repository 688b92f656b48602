// ahd: best heuristic for asp15 after generation 25 (candidate 952, m2; train objective 2763)
// Score each vector by a weighted sum rewarding non-zeros in the first coordinates, fewer twos, weight on early coordinates, many value changes.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, changes = 0, head = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i < 4 && el[i] !== 0) head++;
  }
  return -0.29 * Math.sqrt(twos) - 0.91 * changes - 0.059 * changes + 0.8 * changes * changes - 0.55 * twos * twos;
}
