// ACO CVRP harness (an expression: acoHarnessSource applies it to the shared ACO helpers). The candidate scores
// every edge (node 0 = depot). As in the reference, a function with exactly two parameters is called as
// (distanceMatrix, demands / capacity), any other as (distanceMatrix, coordinates, demands, capacity).
(aco) =>
  function solve(candidate, input, ctx) {
    const n = input.distanceMatrix.length;
    const distanceMatrix = aco.copyRows(input.distanceMatrix);
    let matrix;
    if (candidate.length === 2) {
      const scaled = [];
      for (let i = 0; i < n; i++) scaled[i] = input.demands[i] / input.capacity;
      matrix = candidate(distanceMatrix, scaled);
    } else {
      matrix = candidate(distanceMatrix, aco.copyRows(input.coordinates), aco.copyList(input.demands), input.capacity);
    }
    return aco.flattenSquare(matrix, n);
  }
