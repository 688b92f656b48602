// ahd: best heuristic for asp15 after generation 100 (candidate 1664, i1; train objective 2769)
// Score each vector by a product of factors rewarding fewer ones, uniform groups of three, non-zeros in the first coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 6 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.45 * groups) * (1 + 0.061 * head) * (1 + 0.12 * Math.sqrt(ones)) * (1 - 0.24 * groups);
}
