import { checkBudget } from '../eoh/budget.ts';

/** Independent i1 samples per batch in the reference (one ES update per batch under --es). */
export const SAMPLE_BATCH = 20;

/** Batch sizes summing to the budget: full batches of 20, the last one holding the remainder. */
export function planSample(budget: number): number[] {
  checkBudget(budget);
  const batches = Math.ceil(budget / SAMPLE_BATCH);
  return Array.from({ length: batches }, (_, b) => Math.min(SAMPLE_BATCH, budget - b * SAMPLE_BATCH));
}
