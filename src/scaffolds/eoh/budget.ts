import { MAX_BUDGET, MIN_BUDGET } from '../../core/types.ts';
import { settingError } from '../../errors.ts';


/** Checks a run budget (candidates generated, initial population not counted). */
export function checkBudget(budget: number): void {
  if (!Number.isInteger(budget) || budget < MIN_BUDGET || budget > MAX_BUDGET) {
    throw settingError('search.budget', `must be an integer from ${MIN_BUDGET} to ${MAX_BUDGET}, got ${budget}`);
  }
}

/** Splits `total` into `parts` near-equal integers (earlier parts get the smaller share), summing to total. */
export function spread(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor((total * (i + 1)) / parts) - Math.floor((total * i) / parts));
}

export const POPULATION_SIZE = 10;
export const INITIAL_BATCH = 10;
/** The reference's generation count; larger budgets grow m1/m2 (its k), smaller ones shorten the run. */
export const MAX_GENERATIONS = 25;
/** Offspring per e1/e2 call in the reference. */
const EXPLORE_OFFSPRING = 10;
/** Candidates in one reference generation at k = 1: e1 + e2 + m1 + m2 = 4 x 10. */
const BASE_GENERATION_SIZE = 40;

export type EvolveOperator = 'e1' | 'e2' | 'm1' | 'm2';
/** The reference runs the operators in this order every generation. */
export const EVOLVE_ORDER: readonly EvolveOperator[] = ['e1', 'e2', 'm1', 'm2'];
export type GenerationPlan = Readonly<Record<EvolveOperator, number>>;

/**
 * Offspring per operator call for each generation, summing exactly to the budget.
 *
 * generations G = min(25, max(1, floor(n / 40))); generation sizes spread n evenly over G;
 * within a generation of size s: e1 = e2 = min(10, floor(s / 4)), m1/m2 share the rest (m1 takes the odd one).
 * So 1000 gives 25 x (10, 10, 10, 10) (k = 1) and 2000 gives 25 x (10, 10, 30, 30) (k = 3) as in the reference;
 * 500 gives 12 generations of 41-42; 20 gives one generation of (5, 5, 5, 5).
 */
export function planEoh(budget: number): GenerationPlan[] {
  checkBudget(budget);
  const generations = Math.min(MAX_GENERATIONS, Math.max(1, Math.floor(budget / BASE_GENERATION_SIZE)));
  return spread(budget, generations).map((size) => {
    const explore = Math.min(EXPLORE_OFFSPRING, Math.floor(size / 4));
    const rest = size - 2 * explore;
    return { e1: explore, e2: explore, m1: Math.ceil(rest / 2), m2: Math.floor(rest / 2) };
  });
}
