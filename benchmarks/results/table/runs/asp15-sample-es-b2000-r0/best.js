// ahd: best heuristic for asp15 after generation 100 (candidate 143, i1; train objective 2790)
// Score each vector by a product of factors rewarding balance of ones and twos, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.21 * groups) * (1 + 1.7 * Math.abs(ones - twos)) * (1 - 0.54 * groups);
}
