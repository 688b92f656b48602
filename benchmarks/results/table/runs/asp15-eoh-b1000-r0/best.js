// ahd: best heuristic for asp15 after generation 25 (candidate 802, m2; train objective 2766)
// Score each vector by a weighted sum rewarding zeros in the first coordinates, uniform groups of three, weight on early coordinates.
function priority(el, n, w) {
  let pos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    pos += (el[i] * (i + 1)) / n;
    if (i < 8 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.87 * groups - 0.12 * Math.sqrt(pos) - 0.26 * head;
}
