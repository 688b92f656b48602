import { z } from 'zod';
import { writeReport } from '../../report/index.ts';
import { parseOptions } from '../parse-options.ts';

const reportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export function reportFromFlags(runDir: string, raw: unknown): void {
  const options = parseOptions(reportOptionsSchema, raw);
  process.stdout.write(`${writeReport(runDir, options.out)}\n`);
}
