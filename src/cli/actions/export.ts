import { loadRunDirProblem } from '../../engine/run-dir/index.ts';
import { z } from 'zod';
import { exportHeuristic } from '../../engine/export-module.ts';
import { writeOutputFile } from '../../ground/json-files.ts';
import { parseOptions } from '../../ground/parse-options.ts';

const exportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export async function exportFromFlags(runDir: string, raw: unknown): Promise<void> {
  const options = parseOptions(exportOptionsSchema, raw);
  await loadRunDirProblem(runDir);
  const source = exportHeuristic(runDir);
  if (options.out) writeOutputFile(options.out, source, `--out ${options.out}`);
  else process.stdout.write(source);
}
