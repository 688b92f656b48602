// ahd: best heuristic for asp15 after generation 25 (candidate 806, m2; train objective 2742)
// Score each vector by a product of factors rewarding uniform groups of three, more ones.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.31 * groups) * (1 - 0.16 * ones) * (1 + 0.078 * Math.sqrt(twos));
}
