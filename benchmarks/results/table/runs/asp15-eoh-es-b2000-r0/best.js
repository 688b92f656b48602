// ahd: best heuristic for asp15 after generation 25 (candidate 178, e1; train objective 2808)
// Score each vector by a weighted sum rewarding mixed groups of three, few value changes, imbalance of ones and twos.
function priority(el, n, w) {
  let ones = 0, twos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.92 * groups - 0.15 * Math.sqrt(twos) + 0.13 * changes;
}
