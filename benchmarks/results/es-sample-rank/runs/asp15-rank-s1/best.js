// ahd: best heuristic for asp15 after generation 50 (candidate 699, i1; train objective 2766)
// Score each vector by a weighted sum rewarding imbalance of ones and twos, imbalance of ones and twos, few value changes.
function priority(el, n, w) {
  let ones = 0, twos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
  }
  return 0.41 * Math.sqrt(Math.abs(ones - twos)) - 0.35 * twos + 0.1 * changes * changes;
}
