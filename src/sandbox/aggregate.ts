import { oneLine } from '../ground/one-line.ts';
import { problemFault } from '../errors.ts';
import { InvalidSolution, type Instance, type InvalidPolicy, type Problem, type ScoreContext } from '../problems/types.ts';
import type { Outcome } from './types.ts';

/**
 * The one place where per-instance results become an Outcome, shared by the isolated sandbox and the native
 * evaluator so that both apply the reference's rules identically: invalid instances either sink the whole
 * candidate (search) or are dropped and counted (test); the objective is the mean over valid instances,
 * rounded to 5 decimals.
 */
export type InstanceResult = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly reason: string };

/**
 * Scores one instance's raw harness output with the problem's trusted scorer. An InvalidSolution and a
 * non-finite objective make the instance invalid (the reason kept to one line); anything else the scorer throws
 * is a bug in the problem module and is thrown on as a problem fault (errors.ts problemFault).
 */
export function scoreInstance(problem: Problem, raw: Float64Array, instance: Instance, ctx: ScoreContext): InstanceResult {
  let value: number;
  try {
    value = problem.score(raw, instance, ctx);
  } catch (error) {
    if (isInvalidSolution(error)) return invalidResult(error);
    throw problemFault(problem.id, error);
  }
  if (!Number.isFinite(value)) return { ok: false, reason: `non-finite objective ${value}` };
  return { ok: true, value };
}

/** By name too: a problem module may have its InvalidSolution from another copy of ahd than the running one. */
function isInvalidSolution(error: unknown): boolean {
  return error instanceof InvalidSolution || (error instanceof Error && error.name === 'InvalidSolution');
}

/** An invalid result from whatever the harness or scorer threw. */
export function invalidResult(error: unknown): InstanceResult {
  return { ok: false, reason: describeThrown(error) };
}

/** One line describing a thrown value (never trusts its shape: getters may throw, messages may be huge). */
export function describeThrown(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : `threw ${String(error)}`;
  } catch {
    text = 'threw an unprintable value';
  }
  return oneLine(text);
}

/**
 * Aggregates results in instance order. `count` is the split size; with policy 'candidate' the caller may stop at
 * the first invalid instance and pass the results so far.
 */
export function aggregate(results: readonly InstanceResult[], count: number, policy: InvalidPolicy, ms: number): Outcome {
  const values: (number | null)[] = [];
  let sum = 0;
  let valid = 0;
  let firstInvalid: string | undefined;
  const invalidRun = (reason: string): Outcome => ({ status: 'invalid', stage: 'run', reason, ms });
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    const reason = r.ok ? (Number.isFinite(r.value) ? undefined : `non-finite objective ${r.value}`) : r.reason;
    if (reason !== undefined) {
      if (policy === 'candidate') return invalidRun(`instance ${i}: ${reason}`);
      firstInvalid ??= `instance ${i}: ${reason}`;
      values.push(null);
      continue;
    }
    const value = (r as { value: number }).value;
    values.push(value);
    sum += value;
    valid++;
  }
  if (results.length !== count) {
    return { status: 'error', message: `evaluated ${results.length} of ${count} instances`, ms };
  }
  if (valid === 0) {
    return invalidRun(count === 0 ? 'no instances' : `all ${count} instances invalid (${firstInvalid})`);
  }
  const objective = roundTo5(sum / valid);
  if (!Number.isFinite(objective)) return invalidRun(`non-finite mean ${objective}`);
  return { status: 'ok', objective, values, valid, count, ms };
}

/**
 * Rounds to 5 decimals like Python's round(x, 5): to the nearest, ties to even. toFixed rounds the exact binary
 * value, so the only exact ties are doubles with x*64 odd (x*10^5 = k + 1/2 needs a power-of-two denominator);
 * toFixed would round those away from zero.
 */
export function roundTo5(x: number): number {
  if (!Number.isFinite(x)) return x;
  const scaled = x * 64;
  if (Number.isInteger(scaled) && scaled % 2 !== 0) {
    const k = Math.floor(x * 1e5); // exact for such x
    return (k % 2 === 0 ? k : k + 1) / 1e5;
  }
  return Number(x.toFixed(5));
}

