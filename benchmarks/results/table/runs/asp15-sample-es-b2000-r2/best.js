// ahd: best heuristic for asp15 after generation 100 (candidate 1878, i1; train objective 2754)
// Score each vector by a product of factors rewarding non-zeros in the first coordinates, more ones, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 6 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.12 * groups) * (1 - 0.12 * Math.sqrt(twos)) * (1 - 0.7 * groups) * (1 + 0.11 * head);
}
