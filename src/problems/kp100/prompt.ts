/** Prompt text and reference heuristics for kp100 (the reference's wording, restated for JavaScript). */
export const KP_TASK_TEXT =
  'Solve the 0-1 knapsack problem: choose items, each at most once, so that their total value is as large as possible ' +
  'while their total weight stays within the knapsack capacity. The solution is built one item at a time. Design a ' +
  'new rule for choosing the next item at each step, different from the algorithms in the literature.';

export const KP_IO_TEXT =
  "'remainingCapacity' is the capacity still free (a number). 'weights' and 'values' are arrays of numbers describing " +
  "the items not selected yet (item i has weight weights[i] and value values[i]). Return 'nextItem', the index into " +
  'these arrays of the item to add next; it must fit in the remaining capacity. All inputs are plain JavaScript numbers and arrays.';

/** The reference seed: always the first remaining item. */
export const KP_SEED = `function selectNextItem(remainingCapacity, weights, values) {
  return 0;
}`;

const RATIO_GREEDY = `function selectNextItem(remainingCapacity, weights, values) {
  // Highest value per unit weight among the items that fit.
  let best = -1;
  for (let i = 0; i < weights.length; i++) {
    if (weights[i] > remainingCapacity) continue;
    if (best < 0 || values[i] / weights[i] > values[best] / weights[best]) best = i;
  }
  return best < 0 ? null : best;
}`;

export const KP_BASELINES: Readonly<Record<string, string>> = { 'ratio-greedy': RATIO_GREEDY };
