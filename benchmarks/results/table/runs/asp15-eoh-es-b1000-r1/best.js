// ahd: best heuristic for asp15 after generation 25 (candidate 139, e1; train objective 2796)
// Score each vector by a product of factors rewarding many value changes, more twos, weight on late coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, changes = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
  }
  return (1 + 0.71 * changes * changes) * (1 - 0.11 * Math.sqrt(pos)) * (1 - 0.21 * Math.sqrt(twos));
}
