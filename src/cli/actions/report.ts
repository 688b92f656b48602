import { loadRunDirProblem } from '../../engine/run-dir/index.ts';
import { z } from 'zod';
import { existsSync } from 'node:fs';
import { runPaths } from '../../engine/run-dir/index.ts';
import { writeCompareReport, writeReport } from '../../report/index.ts';
import { parseOptions } from '../../ground/parse-options.ts';

const reportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export async function reportFromFlags(dirs: readonly string[], raw: unknown): Promise<void> {
  const options = parseOptions(reportOptionsSchema, raw);
  const [first] = dirs;
  const isRun = dirs.length === 1 && existsSync(runPaths(first).config);
  if (isRun || (dirs.length === 1 && !existsSync(first))) {
    await loadRunDirProblem(first);
    const log = (line: string) => process.stderr.write(`${line}\n`);
    process.stdout.write(`${await writeReport(first, options.out, { log })}\n`);
    return;
  }
  process.stdout.write(`${writeCompareReport(dirs, options.out)}\n`);
}
