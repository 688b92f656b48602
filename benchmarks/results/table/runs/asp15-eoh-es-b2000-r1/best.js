// ahd: best heuristic for asp15 after generation 25 (candidate 11, e1; train objective 2778)
// Score each vector by a product of factors rewarding zeros in the first coordinates, more twos, uniform groups of three, fewer ones.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 7 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 + 0.058 * head) * (1 + 0.9 * ones) * (1 - 0.37 * groups) * (1 + 0.82 * Math.sqrt(ones));
}
