// ACO TSP harness: the candidate scores every edge from a copy of the distance matrix (diagonal = 1).
function solve(candidate, input, ctx) {
  const n = input.distanceMatrix.length;
  return __acoFlattenSquare(candidate(__acoCopyRows(input.distanceMatrix)), n);
}
