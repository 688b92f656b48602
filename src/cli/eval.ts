import { Command } from 'commander';
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
  .action(async (raw: unknown) => (await import('./actions/eval.ts')).evalFromFlags(raw));

