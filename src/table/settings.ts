import type { ProblemId } from '../problems/types.ts';
import type { ScaffoldId } from '../core/types.ts';
import type { RunConfig } from '../config/schema.ts';

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

/**
 * The run config of a setting (its run seed is the repetition), run into `dir` (continued there when `resume`);
 * `model`: the model dir to use (default: the bundled model).
 */
export function settingConfig(s: Setting, dir: string, resume: boolean, model?: string): RunConfig {
  return {
    problem: s.problem,
    search: { scaffold: s.scaffold, budget: s.budget, seed: s.rep },
    ...(s.es && { es: { enabled: true } }),
    ...(model && { llm: { model } }),
    io: { out: dir, resume, json: true },
  };
}

/** The run directory name of a setting under <out>/runs/. */
export function settingName(s: Setting): string {
  return `${s.problem}-${s.scaffold}${s.es ? '-es' : ''}-b${s.budget}-r${s.rep}`;
}
