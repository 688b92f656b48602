// ahd: best heuristic for asp15 after generation 50 (candidate 452, i1; train objective 2757)
// Score each vector by a weighted sum rewarding many value changes, fewer ones, uniform groups of three, more ones.
function priority(el, n, w) {
  let ones = 0, twos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.35 * groups + 0.22 * ones - 0.21 * ones + 0.1 * changes;
}
