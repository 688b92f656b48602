// ahd: best heuristic for asp15 after generation 50 (candidate 146, i1; train objective 2793)
// Score each vector by a product of factors rewarding fewer zeros, weight on early coordinates, uniform groups of three, fewer ones.
function priority(el, n, w) {
  let ones = 0, twos = 0, pos = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    pos += (el[i] * (i + 1)) / n;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.14 * Math.sqrt(pos)) * (1 - 0.13 * (n - ones - twos)) * (1 + 0.21 * Math.sqrt(twos)) * (1 - 0.33 * groups);
}
