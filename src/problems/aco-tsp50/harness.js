// ACO TSP harness (an expression: acoHarnessSource applies it to the shared ACO helpers). The candidate scores
// every edge from its own copy of the distance matrix (diagonal = 1); the trusted solver runs the ants.
(aco) =>
  function solve(candidate, input, ctx) {
    const n = input.distanceMatrix.length;
    return aco.flattenSquare(candidate(aco.copyRows(input.distanceMatrix)), n);
  }
