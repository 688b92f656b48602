// Admissible-set harness (runs inside the sandbox, before the candidate). The host sends the candidate vectors
// as code tuples (one code per group of 3 coordinates) and the code -> triple table; the candidate scores every
// vector once. Returns the scores in vector order; the trusted scorer runs the greedy selection and expansion.
// Only `solve` is global, and builtins are captured now, before candidate code can replace them.
var solve = (() => {
  const HarnessError = Error;
  const HarnessArray = Array;

  return function solve(candidate, input, ctx) {
    const n = input.n;
    const w = input.w;
    const groups = input.groups;
    const codes = input.codes;
    const triples = input.triples;
    const count = codes.length / groups;
    const scores = new HarnessArray(count);
    for (let c = 0; c < count; c++) {
      const el = new HarnessArray(n);
      for (let g = 0; g < groups; g++) {
        const t = triples[codes[c * groups + g]];
        el[3 * g] = t[0];
        el[3 * g + 1] = t[1];
        el[3 * g + 2] = t[2];
      }
      const score = candidate(el, n, w);
      if (typeof score !== 'number' || score !== score) {
        const error = new HarnessError(`priority returned ${String(score)} for vector ${c}, not a number`);
        error.name = 'InvalidSolution';
        throw error;
      }
      scores[c] = score;
    }
    return scores;
  };
})();
