// ahd: best heuristic for asp15 after generation 50 (candidate 869, i1; train objective 2751)
// Score each vector by a weighted sum rewarding mixed groups of three, more ones, mirror symmetry.
function priority(el, n, w) {
  let ones = 0, twos = 0, mirror = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.39 * groups + 0.96 * Math.sqrt(ones) - 0.42 * mirror;
}
