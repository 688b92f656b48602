// ahd: best heuristic for asp15 after generation 50 (candidate 892, i1; train objective 2757)
// Score each vector by a product of factors rewarding more twos, fewer zeros, uniform groups of three, non-zeros in the first coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 2 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.11 * (n - ones - twos)) * (1 + 0.19 * head) * (1 + 0.98 * Math.sqrt(twos)) * (1 - 0.27 * groups);
}
