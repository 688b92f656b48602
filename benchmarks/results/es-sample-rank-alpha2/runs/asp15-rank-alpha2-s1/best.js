// ahd: best heuristic for asp15 after generation 50 (candidate 966, i1; train objective 2742)
// Score each vector by a weighted sum rewarding imbalance of ones and twos, non-zeros in the first coordinates, uniform groups of three.
function priority(el, n, w) {
  let ones = 0, twos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    if (el[i] === 1) ones++;
    if (el[i] === 2) twos++;
    if (i < 5 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return 0.59 * Math.sqrt(twos) + 0.15 * groups + 0.33 * Math.sqrt(Math.abs(ones - twos)) - 0.69 * groups;
}
