import { listProblems } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { evaluate, splitStats } from '../api/evaluate.ts';
import { readJsonList, writeJsonAtomic } from '../ground/json-files.ts';
import { naturalSign } from '../ground/natural-sign.ts';
import { evalSeedOf } from '../engine/run-dir/index.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { Cell } from './cells.ts';

/**
 * A problem's classical baselines (src/problems/<id>/: nearest neighbour, ratio greedy, ...) scored on its splits,
 * kept in a baselines.json beside the table or the run they are shown with, so they are evaluated once and a
 * rebuild reads them back instead of evaluating again.
 */
export const BASELINES_FILE = 'baselines.json';

/** One baseline on one split, as baselines.json holds it. */
export interface BaselineEntry {
  readonly problem: string;
  readonly split: string;
  readonly baseline: string;
  /** Mean over the valid instances, natural sign, rounded to 5 decimals as run summaries are; null: none valid. */
  readonly mean: number | null;
  readonly count: number;
  readonly valid: number;
  readonly evalSeed: number;
}

/** Scores one heuristic on some splits of a problem with a seed (default: the sandbox, through `evaluate`). */
export type BaselineEvaluator = (problem: Problem, code: string, splits: readonly string[], seed: number) => Promise<readonly Outcome[]>;

/** The baselines wanted for one problem: every baseline it defines, on these splits, with this seed. */
export interface BaselineRequest {
  readonly problem: Problem;
  readonly splits: readonly string[];
  readonly seed: number;
}

/**
 * What a table shows: for each built-in problem among the cells, its baselines on the splits of its rows (train
 * first), with repetition 0's evaluation seed.
 */
export function tableBaselineRequests(cells: readonly Cell[]): BaselineRequest[] {
  return [...new Set(cells.map((c) => c.problem))].flatMap((id) => {
    const problem = listProblems().find((p) => p.id === id);
    const splits = [...new Set(cells.filter((c) => c.problem === id).map((c) => c.split))];
    return problem ? [{ problem, splits, seed: evalSeedOf(0) }] : [];
  });
}

const keyOf = (e: Pick<BaselineEntry, 'problem' | 'split' | 'baseline' | 'evalSeed'>) => JSON.stringify([e.problem, e.baseline, e.split, e.evalSeed]);

/** The entries of a baselines.json; none when the file does not exist. A file that is not one is a usage error. */
export function readBaselines(path: string): BaselineEntry[] {
  return readJsonList<BaselineEntry>(
    path,
    (e) => typeof e?.problem === 'string' && typeof e.split === 'string' && typeof e.baseline === 'string' && typeof e.evalSeed === 'number',
    'a baselines file (an array of {problem, split, baseline, mean, count, valid, evalSeed})',
  );
}

/** The entries of several files as one list, a later list's entry replacing an earlier one of the same key. */
export function mergeBaselines(...lists: readonly (readonly BaselineEntry[])[]): BaselineEntry[] {
  const byKey = new Map<string, BaselineEntry>();
  for (const entry of lists.flat()) byKey.set(keyOf(entry), entry);
  return [...byKey.values()];
}

/**
 * Evaluates the requested baselines that `known` lacks (one progress line each through `log`) and returns
 * `known` with them added, in a fixed order (problem, baseline, split, seed), ready to write back. A split that
 * timed out or crashed is left out (logged), so a later build tries it again; an invalid one is kept.
 */
export async function completeBaselines(
  requests: readonly BaselineRequest[],
  known: readonly BaselineEntry[],
  options: { readonly evaluate?: BaselineEvaluator; readonly log: (line: string) => void },
): Promise<BaselineEntry[]> {
  const have = new Set(known.map(keyOf));
  const added: BaselineEntry[] = [];
  let pool: SandboxPool | undefined;
  const score: BaselineEvaluator =
    options.evaluate ?? (async (problem, code, splits, seed) => (await evaluate(problem, code, splits, { seed, pool: (pool ??= new SandboxPool()) })).outcomes);
  try {
    for (const { problem, splits, seed } of requests) {
      for (const [baseline, code] of Object.entries(problem.baselines)) {
        const missing = splits.filter((split) => !have.has(keyOf({ problem: problem.id, split, baseline, evalSeed: seed })));
        if (missing.length === 0) continue;
        options.log(`evaluating baseline ${baseline} on ${problem.id} ${missing.join(', ')} (eval seed ${seed})`);
        const outcomes = await score(problem, code, missing, seed);
        outcomes.forEach((outcome, i) => {
          const split = missing[i];
          if (outcome.status !== 'ok' && outcome.status !== 'invalid') {
            options.log(`baseline ${baseline} on ${problem.id} ${split}: ${outcome.status}; not kept, the next build tries again`);
            return;
          }
          const { count, valid } = splitStats(problem, split, outcome);
          const mean = outcome.status === 'ok' && Number.isFinite(outcome.objective) ? naturalSign(problem.sense, outcome.objective) : null;
          added.push({ problem: problem.id, split, baseline, mean, count, valid, evalSeed: seed });
        });
      }
    }
  } finally {
    await pool?.close();
  }
  return [...known, ...added].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}

/** The requested entries present in `entries`, in request order: problem, baseline (as the problem lists them), split. */
export function requestedBaselines(requests: readonly BaselineRequest[], entries: readonly BaselineEntry[]): BaselineEntry[] {
  const byKey = new Map(entries.map((e) => [keyOf(e), e]));
  return requests.flatMap(({ problem, splits, seed }) =>
    Object.keys(problem.baselines).flatMap((baseline) =>
      splits.map((split) => byKey.get(keyOf({ problem: problem.id, split, baseline, evalSeed: seed }))).filter((e): e is BaselineEntry => e !== undefined),
    ),
  );
}

/** Writes baselines.json (nothing when there is nothing to keep). */
export function writeBaselines(path: string, entries: readonly BaselineEntry[]): void {
  if (entries.length > 0) writeJsonAtomic(path, entries);
}
