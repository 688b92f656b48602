// ahd: best heuristic for asp15 after generation 100 (candidate 156, i1; train objective 2763)
// Score each vector by a weighted sum rewarding fewer ones, uniform groups of three, imbalance of ones and twos, fewer twos.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.25 * groups - 0.058 * twos * Math.sqrt(Math.abs(ones - twos)) - 0.81 * groups + 0.32 * (n - ones - twos);
}
