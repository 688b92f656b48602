// ahd: best heuristic for asp15 after generation 50 (candidate 573, i1; train objective 2751)
// Score each vector by a product of factors rewarding uniform groups of three, imbalance of ones and twos.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.43 * groups) * (1 + 0.47 * Math.abs(ones - twos));
}
