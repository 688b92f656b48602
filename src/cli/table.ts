import { Command } from 'commander';
import { z } from 'zod';
import { AhdError, ErrorCode } from '../errors.ts';
import type { ScaffoldId } from '../engine/types.ts';
import { buildTable } from '../table/index.ts';
import { TABLE_SCAFFOLDS } from '../table/settings.ts';
import { parseOptions } from './parse-options.ts';

const DEFAULT_OUT = 'runs/table';

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
  from: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  out: z.string().min(1).default(DEFAULT_OUT),
});

/**
 * `ahd table`: EoH and Sample, each without and with ES, over problems x budgets x repetitions (run seed =
 * repetition index, 0-based). Runs what has not finished yet under <out>/runs/ (so rerunning continues a killed
 * table), or with --from only collects finished runs. Prints the Markdown table (cells: mean over repetitions of
 * the best heuristic's test-split means, natural sign) and the count of settings where ES beats its baseline.
 */
export const tableCommand = new Command('table')
  .description('compare EoH and Sample with and without ES (the reference 36-setting table)')
  .option('--budgets <list>', 'budgets, comma-separated (default 1000,2000)')
  .option('--reps <n>', 'repetitions per setting, run with seeds 0..n-1 (default 3)')
  .option('--problems <ids>', 'problem ids, comma-separated (default: all)')
  .option('--scaffolds <list>', 'scaffolds, comma-separated: eoh, sample (default: both)')
  .option('--from <dir>', 'build the table from the finished runs under <dir>; run nothing')
  .option('--model <dir>', 'model directory for the runs (default: the bundled model)')
  .option('--out <dir>', 'where table.md/.csv/.json and the runs go', DEFAULT_OUT)
  .action(async (raw: unknown) => {
    const options = parseOptions(tableOptionsSchema, raw);
    const table = await buildTable(options);
    process.stdout.write(table.markdown);
    process.stderr.write(`table: wrote ${table.files.markdown}, ${table.files.csv}, ${table.files.json}\n`);
    process.stderr.write(`table: ${table.headline}\n`);
    for (const f of table.failed) process.stderr.write(`table: run failed: ${f.dir}: ${f.message}\n`);
    if (table.failed.length > 0) {
      throw new AhdError(ErrorCode.Run, `${table.failed.length} run(s) failed (listed above); run ahd table again to retry them`);
    }
  });
