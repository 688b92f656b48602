// ahd: best heuristic for asp15 after generation 25 (candidate 1815, m1; train objective 2799)
// Score each vector by a weighted sum rewarding weight on late coordinates, few value changes, more zeros, zeros in the first coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, changes = 0, head = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i < 5 && el[i] !== 0) head++;
  }
  return 0.32 * changes * changes - 0.071 * Math.sqrt(pos) - 0.2 * twos * changes;
}
