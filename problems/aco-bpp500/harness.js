// ACO bin-packing harness: the candidate scores every pair of items (how promising it is to share a bin).
function solve(candidate, input, ctx) {
  const n = input.demands.length;
  return __acoFlattenSquare(candidate(__acoCopyList(input.demands), input.capacity), n);
}
