import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { getProblem } from '../../../problems/index.ts';
import type { Problem } from '../../../problems/types.ts';
import { usageError } from '../../errors.ts';
import { roundTo5 } from '../../sandbox/aggregate.ts';
import { DEFAULT_MEMORY_LIMIT_MB } from '../../sandbox/limits.ts';
import { SandboxPool } from '../../sandbox/pool.ts';
import type { Outcome } from '../../sandbox/types.ts';
import { readHeuristicFile } from '../heuristic-file.ts';
import { parseOptions } from '../parse-options.ts';
import { formatTable } from '../table-format.ts';

const evalOptionsSchema = z.object({
  problem: z.string().min(1),
  heuristic: z.string().min(1),
  split: z.array(z.string().min(1)).optional(),
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(0),
  json: z.boolean().optional(),
});

/** One line of `ahd eval --json`: statistics over the valid instances, in the task's natural sign. */
export interface SplitStats {
  readonly problem: string;
  readonly split: string;
  readonly count: number;
  readonly valid: number;
  readonly mean: number | null;
  readonly std: number | null;
  readonly min: number | null;
  readonly max: number | null;
}

export async function evalFromFlags(raw: unknown): Promise<void> {
  const options = parseOptions(evalOptionsSchema, raw);
  const problem = getProblem(options.problem);
  const splits = options.split ?? [...problem.testSplits];
  for (const split of splits) {
    if (!problem.splits.some((s) => s.name === split)) {
      throw usageError(`--split: unknown split "${split}" for ${problem.id} (known: ${problem.splits.map((s) => s.name).join(', ')})`);
    }
  }
  const code = readHeuristicFile(options.heuristic, problem.fnName);

  const pool = new SandboxPool();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`evaluating ${options.heuristic} on ${problem.id} ${splits.join(', ')} (${pool.threads} sandbox threads)\n`);
  let done = 0;
  // Big splits take minutes: a heartbeat says it is still working.
  const heartbeat = setInterval(() => process.stderr.write(`  ${done} of ${splits.length} splits done, ${seconds()} s\n`), 15_000);
  let outcomes: Outcome[];
  try {
    const requests = splits.map((split) => ({ problem: problem.id, split, code, seed: options.seed }));
    outcomes = await pool.evaluateMany(requests, undefined, (outcome, i) => {
      done++;
      process.stderr.write(`  ${splits[i]}: ${outcome.status} after ${seconds()} s\n`);
    });
  } finally {
    clearInterval(heartbeat);
    await pool.close();
  }
  outcomes.forEach((outcome, i) => {
    if (outcome.status !== 'ok') process.stderr.write(`ahd: ${problem.id} ${splits[i]}: ${describeFailure(outcome)}\n`);
  });
  const stats = outcomes.map((outcome, i) => splitStats(problem, splits[i], outcome));
  process.stdout.write(options.json ? `${JSON.stringify(stats)}\n` : statsTable(stats));
}

export function splitStats(problem: Problem, split: string, outcome: Outcome): SplitStats {
  const count = problem.splits.find((s) => s.name === split)!.count;
  if (outcome.status !== 'ok') return { problem: problem.id, split, count, valid: 0, mean: null, std: null, min: null, max: null };
  const sign = problem.sense === 'max' ? -1 : 1;
  const values = outcome.values.filter((v): v is number => v !== null).map((v) => sign * v);
  const exactMean = values.reduce((s, v) => s + v, 0) / values.length;
  const std = Math.sqrt(values.reduce((s, v) => s + (v - exactMean) ** 2, 0) / values.length); // ddof 0
  return {
    problem: problem.id,
    split,
    count: outcome.count,
    valid: outcome.valid,
    mean: sign * outcome.objective, // the reference's rounded mean
    std: roundTo5(std),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

function describeFailure(outcome: Exclude<Outcome, { status: 'ok' }>): string {
  switch (outcome.status) {
    case 'invalid':
      return `invalid: ${outcome.reason}`;
    case 'timeout':
      return `timed out after ${(outcome.ms / 1000).toFixed(1)} s`;
    case 'oom':
      return 'ran out of memory';
    case 'error':
      return `sandbox error: ${outcome.message}`;
  }
}

function statsTable(stats: readonly SplitStats[]): string {
  const num = (v: number | null) => (v === null ? '-' : String(roundTo5(v)));
  const rows = stats.map((s) => [s.problem, s.split, String(s.count), String(s.valid), num(s.mean), num(s.std), num(s.min), num(s.max)]);
  return formatTable(['problem', 'split', 'count', 'valid', 'mean', 'std', 'min', 'max'], rows);
}
