// ahd: best heuristic for asp15 after generation 50 (candidate 454, i1; train objective 2754)
// Score each vector by a weighted sum rewarding mixed groups of three, more twos, more ones, imbalance of ones and twos.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.41 * groups + 0.14 * Math.sqrt(Math.abs(ones - twos)) + 0.33 * twos - 0.45 * groups;
}
