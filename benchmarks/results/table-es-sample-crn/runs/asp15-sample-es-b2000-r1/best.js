// ahd: best heuristic for asp15 after generation 100 (candidate 963, i1; train objective 2769)
// Score each vector by a weighted sum rewarding more twos, non-zeros in the first coordinates, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 5 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.45 * groups - 0.15 * Math.sqrt(twos) + 0.12 * head;
}
