// ahd: best heuristic for asp15 after generation 50 (candidate 143, i1; train objective 2745)
// Score each vector by a product of factors rewarding weight on late coordinates, weight on early coordinates, pos of ones, balance of ones and twos, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 + 0.052 * Math.sqrt(pos)) * (1 - 0.29 * groups) * (1 - 0.17 * Math.sqrt(pos)) * (1 - 0.41 * changes) * (1 - 0.11 * changes * changes);
}
