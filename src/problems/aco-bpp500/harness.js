// ACO bin-packing harness (an expression: acoHarnessSource applies it to the shared ACO helpers). The candidate
// scores every pair of items (how promising it is to put them in one bin).
(aco) =>
  function solve(candidate, input, ctx) {
    const n = input.demands.length;
    return aco.flattenSquare(candidate(aco.copyList(input.demands), input.capacity), n);
  }
