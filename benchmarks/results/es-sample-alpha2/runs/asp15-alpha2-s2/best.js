// ahd: best heuristic for asp15 after generation 50 (candidate 65, i1; train objective 2742)
// Score each vector by a product of factors rewarding weight on early coordinates, zeros in the first coordinates.
function priority(el, n, w) {
  let pos = 0, head = 0, groups = 0;
  for (let i = 0; i < n; i++) {
    pos += (el[i] * (i + 1)) / n;
    if (i < 2 && el[i] !== 0) head++;
    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;
  }
  return (1 - 0.42 * groups) * (1 + 0.21 * Math.sqrt(pos)) * (1 - 0.063 * head);
}
