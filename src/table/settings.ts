import type { ProblemId } from '../problems/types.ts';
import type { ScaffoldId } from '../core/types.ts';

/** One run of the comparison table. Its run seed is the repetition index (rep 0 -> --seed 0, ...). */
export interface Setting {
  readonly problem: ProblemId;
  readonly budget: number;
  readonly scaffold: ScaffoldId;
  readonly es: boolean;
  readonly rep: number;
}

/** The reference compares these two scaffolds, each with frozen weights and with ES. */
export const TABLE_SCAFFOLDS: readonly ScaffoldId[] = ['eoh', 'sample'];
export const DEFAULT_BUDGETS: readonly number[] = [1000, 2000];

/**
 * The two test splits of each task that the reference's table reports, the ones the table compares on (runs
 * score more: the ACO tasks' standard test splits include test20). A problem of your own uses its test splits.
 */
const TABLE_SPLITS: Readonly<Record<string, readonly string[]>> = {
  tsp50: ['test20', 'test50'],
  kp100: ['test100', 'test200'],
  asp15: ['n12w7', 'n15w10'],
  'aco-tsp50': ['test50', 'test100'],
  'aco-cvrp50': ['test50', 'test100'],
  'aco-bpp500': ['test500', 'test1000'],
};

export function tableSplits(problem: { readonly id: string; readonly testSplits: readonly string[] }): readonly string[] {
  return TABLE_SPLITS[problem.id] ?? problem.testSplits;
}
export const DEFAULT_REPS = 3;

/** Every setting, in the order they run: problem, budget, scaffold, ES off before on, repetition. */
export function enumerateSettings(
  problems: readonly ProblemId[],
  budgets: readonly number[],
  reps: number,
  scaffolds: readonly ScaffoldId[] = TABLE_SCAFFOLDS,
): Setting[] {
  const settings: Setting[] = [];
  for (const problem of problems) {
    for (const budget of budgets) {
      for (const scaffold of scaffolds) {
        for (const es of [false, true]) {
          for (let rep = 0; rep < reps; rep++) settings.push({ problem, budget, scaffold, es, rep });
        }
      }
    }
  }
  return settings;
}

/** The run directory name of a setting under <out>/runs/. */
export function settingName(s: Setting): string {
  return `${s.problem}-${s.scaffold}${s.es ? '-es' : ''}-b${s.budget}-r${s.rep}`;
}

/** Column heading of a method: EoH, ES+EoH, Sample, ES+Sample. */
export function methodName(scaffold: string, es: boolean): string {
  const name = scaffold === 'eoh' ? 'EoH' : scaffold === 'sample' ? 'Sample' : scaffold;
  return es ? `ES+${name}` : name;
}
