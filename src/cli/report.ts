import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { z } from 'zod';
import { parseOptions } from '../ground/parse-options.ts';

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
  .action(reportAction);

const reportOptionsSchema = z.object({ out: z.string().min(1).optional() });

/** The library it drives loads when the command runs, so that other commands do not load it. */
async function reportAction(dirs: readonly string[], raw: unknown): Promise<void> {
  const options = parseOptions(reportOptionsSchema, raw);
  const { loadRunDirProblem, runPaths } = await import('../engine/run-dir/index.ts');
  const { writeCompareReport, writeReport } = await import('../report/index.ts');
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
