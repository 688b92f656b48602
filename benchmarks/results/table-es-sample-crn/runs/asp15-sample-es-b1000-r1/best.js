// ahd: best heuristic for asp15 after generation 50 (candidate 713, i1; train objective 2769)
// Score each vector by a weighted sum rewarding fewer ones, asymmetry, non-zeros in the first coordinates, more ones, mixed groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, mirror = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 2 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return 0.59 * mirror + 0.28 * head - 0.47 * groups - 0.11 * mirror - 0.02 * ones * ones;
}
