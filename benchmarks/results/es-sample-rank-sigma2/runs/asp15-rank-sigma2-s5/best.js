// ahd: best heuristic for asp15 after generation 50 (candidate 719, i1; train objective 2778)
// Score each vector by a weighted sum rewarding uniform groups of three, non-zeros in the first coordinates, more ones.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 5 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return -0.69 * groups - 0.18 * Math.sqrt(twos) + 0.12 * head - 0.16 * groups;
}
