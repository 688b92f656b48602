// ahd: best heuristic for asp15 after generation 50 (candidate 730, i1; train objective 2751)
// Score each vector by a weighted sum rewarding fewer zeros, random noise, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, changes = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i > 0 && el[i] !== el[i - 1]) changes++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return 0.078 * Math.sqrt(twos) - 0.42 * groups + 0.072 * twos - 0.31 * twos;
}
