// ahd: best heuristic for asp15 after generation 25 (candidate 651, e1; train objective 2817)
// Score each vector by a weighted sum rewarding more twos, mixed groups of three, fewer zeros, mirror symmetry.
function priority(el, n, w) {
  let ones = 0, twos = 0, mirror = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (el[i] === el[n - 1 - i]) mirror++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return 0.26 * (n - ones - twos) - 0.31 * mirror - 0.58 * groups - 0.44 * Math.sqrt(twos);
}
