import { Command } from 'commander';

/** `ahd report <run-dir> [--out <file.html>]`: one self-contained HTML page (charts, summary, best heuristic). */
export const reportCommand = new Command('report')
  .description('write a self-contained HTML report of a run: search charts, summary and the best heuristic')
  .argument('<run-dir>', 'run directory (runs/<name>), finished or not')
  .option('--out <file>', 'HTML file to write (default: <run-dir>/report.html)')
  .addHelpText('after', `\nExample:\n  ahd report runs/tsp50-eoh-es-b1000-s0 --out report.html`)
  .action(async (runDir: string, raw: unknown) => (await import('./actions/report.ts')).reportFromFlags(runDir, raw));
