// ahd: best heuristic for asp15 after generation 25 (candidate 669, e2; train objective 2766)
// Score each vector by a product of factors rewarding more twos, weight on early coordinates, uniform groups of three, non-zeros in the first coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i < 2 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.45 * groups) * (1 + 0.93 * Math.sqrt(pos)) * (1 + 0.21 * head) * (1 - 0.061 * groups);
}
