import type { ProblemId } from '../problems/types.ts';
import type { ScaffoldId } from '../core/types.ts';
import type { RunConfig } from '../config/schema.ts';
import { methodId, type ControlMode, type Method } from '../compare/methods.ts';

/** One run of the comparison table. Its run seed is the repetition index (rep 0 -> --seed 0, ...). */
export interface Setting {
  readonly problem: ProblemId;
  readonly budget: number;
  readonly scaffold: ScaffoldId;
  readonly es: boolean;
  /** An ES control arm (ahd run --es-mode); absent: the full arm, or no ES. */
  readonly mode?: ControlMode;
  readonly rep: number;
}

/** The reference compares these two scaffolds, each with frozen weights and with ES. */
export const TABLE_SCAFFOLDS: readonly ScaffoldId[] = ['eoh', 'sample'];
export const DEFAULT_BUDGETS: readonly number[] = [1000, 2000];

export const DEFAULT_REPS = 3;

/** The methods of the reference's table for these scaffolds: each without ES, then with. */
export function tableMethods(scaffolds: readonly ScaffoldId[] = TABLE_SCAFFOLDS): Method[] {
  return scaffolds.flatMap((scaffold) => [{ scaffold, es: false }, { scaffold, es: true }]);
}

/** Every setting, in the order they run: problem, budget, method (in the order given), repetition. */
export function enumerateSettings(
  problems: readonly ProblemId[],
  budgets: readonly number[],
  reps: number,
  methods: readonly Method[] = tableMethods(),
): Setting[] {
  const settings: Setting[] = [];
  for (const problem of problems) {
    for (const budget of budgets) {
      for (const { scaffold, es, mode } of methods) {
        for (let rep = 0; rep < reps; rep++) settings.push({ problem, budget, scaffold, es, ...(mode && { mode }), rep });
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
    ...(s.es && { es: { enabled: true, ...(s.mode && { mode: s.mode }) } }),
    ...(model && { llm: { model } }),
    io: { out: dir, resume, json: true },
  };
}

/** The run directory name of a setting under <out>/runs/: <problem>-<method id>-b<budget>-r<rep>. */
export function settingName(s: Setting): string {
  return `${s.problem}-${methodId(s)}-b${s.budget}-r${s.rep}`;
}
