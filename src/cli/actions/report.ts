import { loadRunDirProblem } from '../../engine/run-dir.ts';
import { z } from 'zod';
import { writeReport } from '../../report/index.ts';
import { parseOptions } from '../../ground/parse-options.ts';

const reportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export async function reportFromFlags(runDir: string, raw: unknown): Promise<void> {
  const options = parseOptions(reportOptionsSchema, raw);
  await loadRunDirProblem(runDir);
  process.stdout.write(`${writeReport(runDir, options.out)}\n`);
}
