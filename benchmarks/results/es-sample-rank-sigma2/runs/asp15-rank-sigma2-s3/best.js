// ahd: best heuristic for asp15 after generation 50 (candidate 649, i1; train objective 2739)
// Score each vector by a product of factors rewarding more ones, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.062 * groups) * (1 + 0.12 * Math.sqrt(ones)) * (1 - 0.49 * groups);
}
