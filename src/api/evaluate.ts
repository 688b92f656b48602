import { checkSplits, loadProblem, registeredProblem } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { SandboxPool, threadsFor } from '../sandbox/pool.ts';
import type { Outcome } from '../sandbox/types.ts';
import { naturalSign } from '../ground/natural-sign.ts';

/** One split's result: statistics over the valid instances, in the task's natural sign, at full precision. */
export interface SplitStats {
  readonly problem: string;
  readonly split: string;
  readonly count: number;
  readonly valid: number;
  readonly mean: number | null;
  /** Population standard deviation (ddof 0). */
  readonly std: number | null;
  readonly min: number | null;
  readonly max: number | null;
}

export interface EvaluateOptions {
  /** Seed of Math.random inside the sandbox (each instance draws its own stream from it). Default 0. */
  readonly seed?: number;
  /** A pool to use (kept open); default: `evaluationPool(problem, splits)`, closed at the end. */
  readonly pool?: SandboxPool;
  readonly signal?: AbortSignal;
  /** Each split's outcome as it lands (index into `splits`). */
  readonly onOutcome?: (outcome: Outcome, index: number) => void;
}

export interface Evaluation {
  readonly problem: Problem;
  readonly splits: readonly string[];
  readonly outcomes: readonly Outcome[];
  readonly stats: readonly SplitStats[];
}

/**
 * Evaluates a heuristic (a function declaration named as the problem's fnName) in the sandbox on some of a
 * problem's splits (default: its standard test splits). `problem`: a task id, the path of a problem module of
 * your own, or a Problem: a built-in one (getProblem) or one loadProblem returned. A Problem made by
 * defineProblem and not loaded is refused: the sandbox process loads a problem of your own from its module.
 */
export async function evaluate(problem: string | Problem, code: string, splits?: readonly string[], options: EvaluateOptions = {}): Promise<Evaluation> {
  const p = typeof problem === 'string' ? await loadProblem(problem) : registeredProblem(problem);
  const names = splits ?? p.testSplits;
  checkSplits(p, names);
  const pool = options.pool ?? evaluationPool(p, names);
  try {
    const requests = names.map((split) => ({ problem: p.id, split, code, seed: options.seed ?? 0 }));
    const outcomes = await pool.evaluateMany(requests, options.signal, options.onOutcome);
    return { problem: p, splits: names, outcomes, stats: outcomes.map((o, i) => splitStats(p, names[i], o)) };
  } finally {
    if (!options.pool) await pool.close();
  }
}

/**
 * The pool a one-off evaluation of one heuristic on `splits` needs: only the threads the splits can use, and no
 * result sharing (each split is one request: nothing to share).
 */
export function evaluationPool(problem: Problem, splits: readonly string[]): SandboxPool {
  return new SandboxPool({ threads: threadsFor(problem, splits), shareResults: false });
}

export function splitStats(problem: Problem, split: string, outcome: Outcome): SplitStats {
  const count = problem.splits.find((s) => s.name === split)!.count;
  if (outcome.status !== 'ok') return { problem: problem.id, split, count, valid: 0, mean: null, std: null, min: null, max: null };
  const values = outcome.values.filter((v): v is number => v !== null).map((v) => naturalSign(problem.sense, v));
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const std = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return { problem: problem.id, split, count: outcome.count, valid: outcome.valid, mean, std, min: Math.min(...values), max: Math.max(...values) };
}
