import { Command } from 'commander';
import { z } from 'zod';
import type { ScaffoldId } from '../core/types.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { parseOptions } from '../ground/parse-options.ts';
import { TABLE_SCAFFOLDS } from '../table/settings.ts';
import { METHOD_IDS, parseMethod } from '../compare/methods.ts';

const DEFAULT_TABLE_OUT = 'runs/table';

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
  .option('--methods <list>', 'methods, comma-separated, instead of --scaffolds: eoh, eoh-es, eoh-noise (ES noise-only control), eoh-update (ES update-only control), and the same for sample')
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
  .action(tableAction);

const list = (what: string) =>
  z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .refine((xs) => xs.length > 0, `expected a comma-separated list of ${what}`);

const tableOptionsSchema = z.object({
  budgets: list('budgets')
    .refine((xs) => xs.every((x) => /^\d+$/.test(x)), 'expected comma-separated integers, e.g. 1000,2000')
    .transform((xs) => xs.map(Number))
    .optional(),
  reps: z.coerce.number().int('must be an integer').min(1, 'must be >= 1').optional(),
  problems: list('problem ids').optional(),
  scaffolds: list('scaffolds')
    .refine((xs) => xs.every((x) => TABLE_SCAFFOLDS.includes(x as ScaffoldId)), `expected scaffolds among ${TABLE_SCAFFOLDS.join(', ')}`)
    .transform((xs) => xs as ScaffoldId[])
    .optional(),
  methods: list('methods')
    .refine((xs) => xs.every((x) => parseMethod(x) !== undefined), `expected methods among ${METHOD_IDS.join(', ')}`)
    .transform((xs) => xs.map((x) => parseMethod(x)!))
    .optional(),
  from: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  parallel: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be >= 1').optional(),
  out: z.string().min(1).default(DEFAULT_TABLE_OUT),
});

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function tableAction(raw: unknown): Promise<void> {
  const options = parseOptions(tableOptionsSchema, raw);
  const { buildTable } = await import('../table/index.ts');
  const table = await buildTable(options);
  process.stdout.write(table.markdown);
  process.stderr.write(`table: wrote ${Object.values(table.files).join(', ')}\n`);
  process.stderr.write(`table: ${table.headline}\n`);
  for (const f of table.failed) process.stderr.write(`table: run failed: ${f.dir}: ${f.message}\n`);
  if (table.failed.length > 0) {
    throw new AhdError(ErrorCode.Run, `${table.failed.length} run(s) failed (listed above); run ahd table again to retry them`);
  }
}
