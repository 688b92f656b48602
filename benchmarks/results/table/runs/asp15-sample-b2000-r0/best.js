// ahd: best heuristic for asp15 after generation 100 (candidate 314, i1; train objective 2775)
// Score each vector by a weighted sum rewarding weight on late coordinates, mixed groups of three, fewer ones, asymmetry.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, mirror = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.29 * Math.sqrt(twos) + 0.19 * mirror + 0.11 * pos - 0.42 * groups + 0.43 * Math.sqrt(pos);
}
