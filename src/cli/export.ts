import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { exportHeuristic } from '../engine/export-module.ts';
import { parseOptions } from './parse-options.ts';

const exportOptionsSchema = z.object({ out: z.string().min(1).optional() });

/** `ahd export <run-dir> [--out <file.js>]`: the run's best heuristic as an ES module (stdout without --out). */
export const exportCommand = new Command('export')
  .description("write a run's best heuristic as a standalone ES module")
  .argument('<run-dir>', 'run directory (runs/<name>)')
  .option('--out <file>', 'write the module here instead of stdout')
  .action((runDir: string, raw: unknown) => {
    const options = parseOptions(exportOptionsSchema, raw);
    const source = exportHeuristic(runDir);
    if (options.out) writeFileSync(options.out, source);
    else process.stdout.write(source);
  });
