import { Command } from 'commander';

export const DEFAULT_TABLE_OUT = 'runs/table';

/**
 * `ahd table`: EoH and Sample, each without and with ES, over problems x budgets x repetitions (run seed =
 * repetition index, 0-based). Runs what has not finished yet under <out>/runs/ (so rerunning continues a killed
 * table), or with --from only collects finished runs. Prints the Markdown table (cells: mean over repetitions of
 * the best heuristic's test-split means, natural sign) and the count of settings where ES beats its baseline,
 * with the reference's own numbers and the tasks' classical baselines beside them.
 */
export const tableCommand = new Command('table')
  .description('compare EoH and Sample with and without ES (the reference 36-setting table)')
  .option('--budgets <list>', 'budgets, comma-separated (default 1000,2000)')
  .option('--reps <n>', 'repetitions per setting, run with seeds 0..n-1 (default 3)')
  .option('--problems <ids>', 'problem ids, comma-separated (default: all)')
  .option('--scaffolds <list>', 'scaffolds, comma-separated: eoh, sample (default: both)')
  .option('--from <dir>', 'build the table from the finished runs under <dir>; run no search (baselines: see below)')
  .option('--model <dir>', 'model directory for the runs (default: the bundled model)')
  .option('--parallel <k>', 'runs at once, one sandbox thread each (default 1; results do not depend on it)')
  .option('--out <dir>', `where table.md/.csv/.json, baselines.json and the runs go (default ${DEFAULT_TABLE_OUT})`)
  .addHelpText(
    'after',
    `
Under each row the table shows the reference's own numbers for it ("reference" lines), and under each problem
its classical baselines (nearest neighbour, ratio greedy, ...) on the same splits ("baseline" lines). Baselines
are scored once, with the evaluation seed of repetition 0's runs, and kept in <out>/baselines.json: a build
reads <out>/baselines.json, else <from>/baselines.json, evaluates only what neither holds, and writes the whole
set to <out>/baselines.json (never into --from unless it is --out), so --from on a directory that holds one
rebuilds table.md without evaluating anything.

Examples:
  ahd table --problems tsp50 --budgets 1000 --reps 3 --out runs/table-tsp50
  ahd table --from benchmarks/results/table --out /tmp/table      (rebuild the table from finished runs)`,
  )
  .action(async (raw: unknown) => (await import('./actions/table.ts')).tableFromFlags(raw));
