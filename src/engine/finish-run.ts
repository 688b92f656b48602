import type { Problem } from '../problems/types.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { RunResult } from './run.ts';
import { evalSeedOf, runPaths, type RunSummary } from './run-dir/index.ts';
import { writeJsonAtomic } from '../ground/json-files.ts';
import { EventLog } from './events.ts';
import type { Evaluator } from './session.ts';
import { naturalSign } from '../ground/natural-sign.ts';

/** An objective in the task's natural sign (maximisation tasks are stored negated). */
export function naturalObjective(problem: Problem, objective: number): number {
  return naturalSign(problem.sense, objective);
}

/** Mean of a test-split outcome in natural sign; null when no instance was valid. */
function testMean(problem: Problem, outcome: Outcome): number | null {
  return outcome.status === 'ok' && Number.isFinite(outcome.objective) ? naturalObjective(problem, outcome.objective) : null;
}

/**
 * Evaluates the run's best heuristic on the problem's standard test splits, then records the summary
 * (summary.json and an 'end' event). A resumed run that had already ended keeps its stored summary.
 * `seconds`: this session's wall time so far, read once the test splits are evaluated (they are part of the run);
 * the sessions before a resume (`result.earlierSeconds`) are added.
 */
export async function finishRun(
  problem: Problem,
  result: RunResult,
  evaluator: Evaluator,
  seconds: () => number,
  signal?: AbortSignal,
): Promise<RunSummary> {
  if (result.summary) return result.summary;
  const best = result.population[0];
  const seed = evalSeedOf(result.config.search.seed);
  const outcomes = await Promise.all(
    problem.testSplits.map((split) => evaluator.evaluate({ problem: problem.id, split, code: best.code, seed }, signal)),
  );
  const test = Object.fromEntries(problem.testSplits.map((split, i) => [split, testMean(problem, outcomes[i])]));
  const summary: RunSummary = {
    problem: problem.id,
    scaffold: result.config.search.scaffold,
    es: result.config.es.enabled,
    budget: result.config.search.budget,
    samples: result.progress.samples,
    valid: result.progress.valid,
    best: { objective: naturalObjective(problem, best.objective), test },
    runDir: result.dir,
    seconds: Math.round((seconds() + result.earlierSeconds) * 1000) / 1000,
    evalSeed: seed,
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
