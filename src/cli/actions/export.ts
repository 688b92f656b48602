import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { exportHeuristic } from '../../engine/export-module.ts';
import { parseOptions } from '../parse-options.ts';

const exportOptionsSchema = z.object({ out: z.string().min(1).optional() });

export function exportFromFlags(runDir: string, raw: unknown): void {
  const options = parseOptions(exportOptionsSchema, raw);
  const source = exportHeuristic(runDir);
  if (options.out) writeFileSync(options.out, source);
  else process.stdout.write(source);
}
