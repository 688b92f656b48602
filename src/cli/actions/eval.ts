import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { checkSplits, loadProblem } from '../../problems/index.ts';
import { evaluate, evaluationPool, type Evaluation, type SplitStats } from '../../api/evaluate.ts';
import type { Outcome } from '../../sandbox/types.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { readHeuristicFile } from '../heuristic-file.ts';
import { parseOptions } from '../../ground/parse-options.ts';
import { formatTable } from '../table-format.ts';
import { formatObjective } from '../../ground/format-objective.ts';

const evalOptionsSchema = z.object({
  problem: z.string().min(1),
  heuristic: z.string().min(1),
  split: z.array(z.string().min(1)).optional(),
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(0),
  json: z.boolean().optional(),
});

export async function evalFromFlags(raw: unknown): Promise<void> {
  const options = parseOptions(evalOptionsSchema, raw);
  const problem = await loadProblem(options.problem);
  const splits = options.split ?? [...problem.testSplits];
  checkSplits(problem, splits, '--split: ');
  const code = readHeuristicFile(options.heuristic, problem.fnName);

  const pool = evaluationPool(problem, splits);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`evaluating ${options.heuristic} on ${problem.id} ${splits.join(', ')} (${pool.threads} sandbox thread${pool.threads === 1 ? '' : 's'})\n`);
  let done = 0;
  // Big splits take minutes: a heartbeat says it is still working.
  const heartbeat = setInterval(() => process.stderr.write(`  ${done} of ${splits.length} splits done, ${seconds()} s\n`), 15_000);
  let result: Evaluation;
  try {
    result = await evaluate(problem, code, splits, {
      seed: options.seed,
      pool,
      onOutcome: (outcome, i) => {
        done++;
        process.stderr.write(`  ${splits[i]}: ${outcome.status} after ${seconds()} s\n`);
      },
    });
  } finally {
    clearInterval(heartbeat);
    await pool.close();
  }
  result.outcomes.forEach((outcome, i) => {
    if (outcome.status !== 'ok') process.stderr.write(`ahd: ${problem.id} ${splits[i]}: ${describeFailure(outcome)}\n`);
  });
  process.stdout.write(options.json ? `${JSON.stringify(result.stats)}\n` : statsTable(result.stats));
  const failed = result.stats.filter((s) => s.valid === 0).map((s) => s.split);
  if (failed.length > 0) {
    throw new AhdError(ErrorCode.Heuristic, `no valid instance on ${failed.join(', ')} (the heuristic failed there: see above)`);
  }
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
  const num = (v: number | null) => formatObjective(v);
  const rows = stats.map((s) => [s.problem, s.split, String(s.count), String(s.valid), num(s.mean), num(s.std), num(s.min), num(s.max)]);
  return formatTable(['problem', 'split', 'count', 'valid', 'mean', 'std', 'min', 'max'], rows);
}
