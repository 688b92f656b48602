// ahd: best heuristic for asp15 after generation 50 (candidate 382, i1; train objective 2757)
// Score each vector by a product of factors rewarding mixed groups of three, more ones, few value changes.
function priority(el, n, w) {
  let ones = 0, twos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.18 * groups) * (1 - 0.35 * changes) * (1 + 0.21 * Math.sqrt(ones)) * (1 - 0.39 * changes * changes);
}
