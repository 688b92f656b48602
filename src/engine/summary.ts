import type { Problem } from '../../problems/types.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { RunResult } from './run.ts';
import { runPaths, writeJsonAtomic } from './run-dir.ts';
import { EventLog } from './events.ts';
import { deriveSeed } from './rng.ts';
import type { Evaluator } from './session.ts';

/** The run summary: the last stdout line of `ahd run --json` and summary.json. Objectives in natural sign. */
export interface RunSummary {
  readonly problem: string;
  readonly scaffold: string;
  readonly es: boolean;
  readonly budget: number;
  /** Candidates generated (the initial EoH batch included). */
  readonly samples: number;
  /** Candidates that evaluated as valid. */
  readonly valid: number;
  readonly best: { readonly objective: number; readonly test: Readonly<Record<string, number | null>> };
  readonly runDir: string;
  readonly seconds: number;
}

/** An objective in the task's natural sign (maximisation tasks are stored negated). */
export function naturalObjective(problem: Problem, objective: number): number {
  return problem.sense === 'max' ? -objective : objective;
}

/** Mean of a test-split outcome in natural sign; null when no instance was valid. */
function testMean(problem: Problem, outcome: Outcome): number | null {
  return outcome.status === 'ok' && Number.isFinite(outcome.objective) ? naturalObjective(problem, outcome.objective) : null;
}

/**
 * Evaluates the run's best heuristic on the problem's standard test splits, then records the summary
 * (summary.json and an 'end' event).
 */
export async function finishRun(
  problem: Problem,
  result: RunResult,
  evaluator: Evaluator,
  seconds: number,
  signal?: AbortSignal,
): Promise<RunSummary> {
  const best = result.population[0];
  const seed = deriveSeed(result.config.seed, 'eval');
  const outcomes = await Promise.all(
    problem.testSplits.map((split) => evaluator.evaluate({ problem: problem.id, split, code: best.code, seed }, signal)),
  );
  const test = Object.fromEntries(problem.testSplits.map((split, i) => [split, testMean(problem, outcomes[i])]));
  const summary: RunSummary = {
    problem: problem.id,
    scaffold: result.config.scaffold,
    es: result.config.es,
    budget: result.config.budget,
    samples: result.progress.samples,
    valid: result.progress.valid,
    best: { objective: naturalObjective(problem, best.objective), test },
    runDir: result.dir,
    seconds,
  };
  const paths = runPaths(result.dir);
  writeJsonAtomic(paths.summary, summary);
  const log = new EventLog(paths.events);
  try {
    log.append({
      type: 'end',
      samples: summary.samples,
      valid: summary.valid,
      best: { id: best.id, objective: best.objective },
      test,
    });
  } finally {
    log.close();
  }
  return summary;
}
