/** Prompt text and reference heuristics for asp15 (the reference's wording, restated for JavaScript). */
export const ASP_TASK_TEXT =
  'Find a large admissible set. An admissible set is a set of vectors in {0, 1, 2}^n, each with exactly w non-zero ' +
  'entries, with distinct supports, such that for any three distinct vectors there is a coordinate where their three ' +
  'values are {0, 1, 2}, {0, 0, 1} or {0, 0, 2} as multisets. The set is built greedily from candidate vectors. ' +
  'Design a heuristic that scores each vector: the score is the priority with which we want to add it to the set.';

export const ASP_IO_TEXT =
  "'el' is the vector, an array of n integers, each 0, 1 or 2. 'n' is the vector length and 'w' the number of " +
  "non-zero entries. Return 'priority', a number: vectors with higher priority are tried first. All inputs are plain " +
  'JavaScript numbers and arrays.';

export const ASP_SEED = `function priority(el, n, w) {
  return 1.0;
}`;

export const ASP_BASELINES: Readonly<Record<string, string>> = { constant: ASP_SEED };
