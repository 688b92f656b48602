import { Command } from 'commander';
import { z } from 'zod';
import { writeOutputFile } from '../ground/json-files.ts';
import { parseOptions } from '../ground/parse-options.ts';

/** `ahd export <run-dir> [--out <file.js>]`: the run's best heuristic as an ES module (stdout without --out). */
export const exportCommand = new Command('export')
  .description("write a run's best heuristic as a standalone ES module")
  .argument('<run-dir>', 'run directory (runs/<name>)')
  .option('--out <file>', 'write the module here instead of stdout')
  .addHelpText('after', `\nExample:\n  ahd export runs/tsp50-eoh-es-b1000-s0 --out best.mjs`)
  .action(exportAction);

const exportOptionsSchema = z.object({ out: z.string().min(1).optional() });

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function exportAction(runDir: string, raw: unknown): Promise<void> {
  const options = parseOptions(exportOptionsSchema, raw);
  const { loadRunDirProblem } = await import('../engine/run-dir/index.ts');
  const { exportHeuristic } = await import('../engine/export-module.ts');
  await loadRunDirProblem(runDir);
  const source = exportHeuristic(runDir);
  if (options.out) writeOutputFile(options.out, source, `--out ${options.out}`);
  else process.stdout.write(source);
}
