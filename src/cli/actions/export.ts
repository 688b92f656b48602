import { loadRunDirProblem } from '../../engine/run-dir/index.ts';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { usageError } from '../../errors.ts';
import { z } from 'zod';
import { exportHeuristic } from '../../engine/export-module.ts';
import { parseOptions } from '../../ground/parse-options.ts';

const exportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export async function exportFromFlags(runDir: string, raw: unknown): Promise<void> {
  const options = parseOptions(exportOptionsSchema, raw);
  await loadRunDirProblem(runDir);
  const source = exportHeuristic(runDir);
  if (options.out) {
    if (existsSync(options.out) && statSync(options.out).isDirectory()) throw usageError(`--out ${options.out} is a directory: name the file to write`);
    try {
      writeFileSync(options.out, source);
    } catch (error) {
      throw usageError(`--out ${options.out}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  else process.stdout.write(source);
}
