import type { FinishedRun } from '../engine/run-dir/index.ts';
import { methodName } from '../compare/methods.ts';
import type { Setting } from './settings.ts';

type Timed = Pick<FinishedRun, 'problem' | 'scaffold' | 'es' | 'mode' | 'budget' | 'summary'>;

/** Seconds per budgeted sample over `runs` (their whole wall times, resumed sessions included); undefined if none. */
function paceOf(runs: readonly Timed[]): number | undefined {
  if (runs.length === 0) return undefined;
  const seconds = runs.reduce((sum, run) => sum + run.summary.seconds, 0);
  return seconds / runs.reduce((sum, run) => sum + run.budget, 0);
}

/**
 * About how many seconds the settings in `left` take, `parallel` at a time, from the finished runs' paces: each
 * setting at the pace of the finished runs of its task and method, else of its task, else of all. One pace for
 * every run would mislead: a sample costs twenty times more on some tasks and methods than on others (tsp50 EoH's
 * prompts carry parents). NaN while no run has finished.
 */
export function secondsLeft(finished: readonly Timed[], left: readonly Setting[], parallel: number): number {
  let total = 0;
  for (const setting of left) {
    const sameTask = finished.filter((run) => run.problem === setting.problem);
    const method = methodName(setting.scaffold, setting.es, setting.mode);
    const sameMethod = sameTask.filter((run) => methodName(run.scaffold, run.es, run.mode) === method);
    const pace = paceOf(sameMethod) ?? paceOf(sameTask) ?? paceOf(finished);
    if (pace === undefined) return Number.NaN;
    total += pace * setting.budget;
  }
  return total / Math.max(1, Math.min(parallel, left.length));
}
