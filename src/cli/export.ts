import { Command } from 'commander';

/** `ahd export <run-dir> [--out <file.js>]`: the run's best heuristic as an ES module (stdout without --out). */
export const exportCommand = new Command('export')
  .description("write a run's best heuristic as a standalone ES module")
  .argument('<run-dir>', 'run directory (runs/<name>)')
  .option('--out <file>', 'write the module here instead of stdout')
  .addHelpText('after', `\nExample:\n  ahd export runs/tsp50-eoh-es-b1000-s0 --out best.mjs`)
  .action(async (runDir: string, raw: unknown) => (await import('./actions/export.ts')).exportFromFlags(runDir, raw));
