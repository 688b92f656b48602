// ahd: best heuristic for asp15 after generation 25 (candidate 187, e2; train objective 2751)
// Score each vector by a product of factors rewarding uniform groups of three, balance of ones and twos, non-zeros in the first coordinates.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 8 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 + 0.28 * groups) * (1 + 0.29 * Math.sqrt(Math.abs(ones - twos))) * (1 - 0.47 * groups);
}
