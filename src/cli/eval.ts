import { performance } from 'node:perf_hooks';
import { Command } from 'commander';
import { z } from 'zod';
import type { Evaluation, SplitStats } from '../api/evaluate.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { formatObjective } from '../ground/format-objective.ts';
import { parseOptions } from '../ground/parse-options.ts';
import { checkSplits, loadProblem } from '../problems/index.ts';
import type { Outcome } from '../sandbox/types.ts';
import { readHeuristicFile } from './heuristic-file.ts';
import { formatTable } from './table-format.ts';
import { DEFAULT_MEMORY_LIMIT_MB } from '../sandbox/limits.ts';

/** `ahd eval`: a heuristic file evaluated in the sandbox on a problem's splits. */
export const evalCommand = new Command('eval')
  .description('evaluate a heuristic file in the sandbox on test splits (values in the natural sign: tour length, total value, set size, bins)')
  .requiredOption('--problem <id>', 'problem id (see ahd problems)')
  .requiredOption('--heuristic <file.js>', 'a function declaration, or an ES module exporting it (as ahd export writes)')
  .option('--split <name...>', "splits to evaluate (default: the problem's standard test splits)")
  .option('--seed <n>', "seed of Math.random inside the sandbox (default 0; a run's summary.json names its evalSeed)")
  .option('--json', 'print a JSON array with one object per split: problem, split, count, valid, mean, std, min, max')
  .addHelpText(
    'after',
    `
Each split runs in an isolated-vm isolate with no access to Node (no require, process, timers, files or network),
a ${DEFAULT_MEMORY_LIMIT_MB} MB heap and a time limit: the task's train limit (20 s TSP, 30 s others), scaled up
for bigger splits. On test splits invalid instances are dropped from the mean and counted (valid < count); on
train, as during search, one invalid instance makes the heuristic invalid. Exit status 1 when a split has no
valid instance (its statistics are still printed, as nulls / -).

Examples:
  ahd eval --problem tsp50 --heuristic best.js
  ahd eval --problem kp100 --heuristic runs/kp/best.js --split test50 test100 test200 --json`,
  )
  .action(evalAction);

const evalOptionsSchema = z.object({
  problem: z.string().min(1),
  heuristic: z.string().min(1),
  split: z.array(z.string().min(1)).optional(),
  seed: z.coerce.number().int().min(0).max(2 ** 32 - 1).default(0),
  json: z.boolean().optional(),
});

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function evalAction(raw: unknown): Promise<void> {
  const options = parseOptions(evalOptionsSchema, raw);
  const { evaluate, evaluationPool } = await import('../api/evaluate.ts');
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
