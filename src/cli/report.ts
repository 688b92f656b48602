import { Command } from 'commander';

/** `ahd report <run-dir> [--out <file.html>]`: one self-contained HTML page (charts, summary, best heuristic). */
export const reportCommand = new Command('report')
  .description('write a self-contained HTML report of a run: search charts, summary and the best heuristic')
  .argument('<dirs...>', 'a run directory (finished or not), or several, or a table directory (one page over all its finished runs, or the runs its table.json lists)')
  .option('--out <file>', 'HTML file to write (default: <run-dir>/report.html)')
  .addHelpText(
    'after',
    `
A run's report draws the task's classical baselines (nearest neighbour, ratio greedy, ...) across its objective
chart: their train objectives, scored once with the run's evaluation seed and kept in <run-dir>/baselines.json.
A table directory's report shows the reference's numbers beside the cells and the baselines of its
baselines.json (ahd table writes it; nothing is evaluated here).

Example:
  ahd report runs/tsp50-eoh-es-b1000-s0 --out report.html`,
  )
  .action(async (dirs: string[], raw: unknown) => (await import('./actions/report.ts')).reportFromFlags(dirs, raw));
