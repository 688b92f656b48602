import { z } from 'zod';
import { AhdError, ErrorCode } from '../../errors.ts';
import type { ScaffoldId } from '../../core/types.ts';
import { buildTable } from '../../table/index.ts';
import { TABLE_SCAFFOLDS } from '../../table/settings.ts';
import { parseOptions } from '../../ground/parse-options.ts';
import { DEFAULT_TABLE_OUT } from '../table.ts';


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
  parallel: z.coerce.number({ message: 'must be a number' }).int('must be an integer').min(1, 'must be >= 1').optional(),
  out: z.string().min(1).default(DEFAULT_TABLE_OUT),
});

export async function tableFromFlags(raw: unknown): Promise<void> {
  const options = parseOptions(tableOptionsSchema, raw);
  const table = await buildTable(options);
  process.stdout.write(table.markdown);
  process.stderr.write(`table: wrote ${Object.values(table.files).join(', ')}\n`);
  process.stderr.write(`table: ${table.headline}\n`);
  for (const f of table.failed) process.stderr.write(`table: run failed: ${f.dir}: ${f.message}\n`);
  if (table.failed.length > 0) {
    throw new AhdError(ErrorCode.Run, `${table.failed.length} run(s) failed (listed above); run ahd table again to retry them`);
  }
}
