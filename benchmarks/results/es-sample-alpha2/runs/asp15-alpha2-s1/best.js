// ahd: best heuristic for asp15 after generation 50 (candidate 370, i1; train objective 2766)
// Score each vector by a weighted sum rewarding fewer twos, weight on early coordinates, zeros in the first coordinates, mixed groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i < 8 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.24 * Math.sqrt(pos) - 0.72 * groups - 0.16 * Math.sqrt(twos) - 0.066 * groups - 0.29 * head;
}
