import { Command } from 'commander';
import { z } from 'zod';
import { writeReport } from '../report/index.ts';
import { parseOptions } from './parse-options.ts';

const reportOptionsSchema = z.object({ out: z.string().min(1).optional() });

/** `ahd report <run-dir> [--out <file.html>]`: one self-contained HTML page (charts, summary, best heuristic). */
export const reportCommand = new Command('report')
  .description('write a self-contained HTML report of a run: search charts, summary and the best heuristic')
  .argument('<run-dir>', 'run directory (runs/<name>), finished or not')
  .option('--out <file>', 'HTML file to write (default: <run-dir>/report.html)')
  .action((runDir: string, raw: unknown) => {
    const options = parseOptions(reportOptionsSchema, raw);
    process.stdout.write(`${writeReport(runDir, options.out)}\n`);
  });
