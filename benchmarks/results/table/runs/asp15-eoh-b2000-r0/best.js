// ahd: best heuristic for asp15 after generation 25 (candidate 1956, m1; train objective 2787)
// Score each vector by a weighted sum rewarding zeros in the first coordinates, weight on early coordinates, zeros in the first coordinates, mixed groups of three.
function priority(el, n, w) {
  let pos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    pos += (el[i] * (i + 1)) / n;
    if (i < 6 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.095 * head - 0.34 * Math.sqrt(pos) - 1.2 * groups - 0.25 * head - 1.3 * groups;
}
