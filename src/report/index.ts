import { dirname, join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../ground/json-files.ts';
import { usageError } from '../errors.ts';
import { failureTable, lineageTable, operatorTable } from './analysis.ts';
import { chartSpecs } from './charts.ts';
import { comparePage } from './compare.ts';
import { findFinishedRuns, readFinishedRun } from '../table/collect.ts';
import { renderHtml, type ReportPage } from './html.ts';
import { readRun, type RunData } from './read-run.ts';
import { generationSeries, updateSeries } from './series.ts';
import { bestIndividual, summaryRows } from './summary-rows.ts';
import { naturalSign } from '../ground/natural-sign.ts';

export { readRun, type RunData } from './read-run.ts';

/** The report page of a run (data only), as `renderHtml` draws it. */
export function reportPage(run: RunData, generatedAt = new Date().toISOString()): ReportPage {
  const { config, problem } = run;
  const natural = (objective: number) => naturalSign(problem.sense, objective);
  const objectiveName = problem.sense === 'max' ? 'objective (higher is better)' : 'objective (lower is better)';
  const best = bestIndividual(run);
  const last = run.snapshots.at(-1);
  const notes: string[] = [];
  if (!run.summary) notes.push('This run has not finished: the figures cover what it logged so far.');
  if (config.es && run.updatesFrom === 'events.jsonl') notes.push('history.json is missing or unreadable: ES figures come from events.jsonl.');
  return {
    title: `ahd report: ${problem.id}, ${config.scaffold}${config.es ? ' + ES' : ''}, budget ${config.budget}, seed ${config.seed}`,
    notes,
    summary: summaryRows(run),
    charts: chartSpecs(generationSeries(problem, run.snapshots, run.events), updateSeries(run.updates), objectiveName, stepName(config.scaffold)),
    best: best && last ? { individual: best, objective: natural(best.objective), generation: last.generation } : undefined,
    tables: [
      operatorTable(run.events, problem.sense),
      failureTable(run.events),
      lineageTable(run.events, best?.id, problem.sense),
    ],
    generatedAt,
  };
}

/** What one snapshot of the scaffold stands for: an EoH generation, a Sample batch. */
const stepName = (scaffold: string) => (scaffold === 'sample' ? 'batch' : 'generation');

/** Default report file of a run directory. */
export const defaultReportPath = (runDir: string) => join(runDir, 'report.html');

/**
 * `ahd report`: reads `runDir` (read-only) and writes one self-contained HTML file to `out`
 * (default <run-dir>/report.html). Returns the path written.
 */
export function writeReport(runDir: string, out = defaultReportPath(runDir)): string {
  const html = renderHtml(reportPage(readRun(runDir)));
  const parent = dirname(out);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) throw usageError(`--out: directory ${parent} does not exist`);
  writeFileAtomic(out, html);
  return out;
}

/**
 * `ahd report <dir> <dir> ...` or `ahd report <table dir>`: one page over every finished run found there
 * (comparePage). Returns the path written (default <first dir>/report.html).
 */
export function writeCompareReport(dirs: readonly string[], out = defaultReportPath(dirs[0])): string {
  const runs = dirs.flatMap((dir) => {
    const one = readFinishedRun(dir);
    return one ? [one] : findFinishedRuns(dir);
  });
  if (runs.length === 0) throw usageError(`no finished run in ${dirs.join(', ')}`);
  const parent = dirname(out);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) throw usageError(`--out: directory ${parent} does not exist`);
  writeFileAtomic(out, renderHtml(comparePage(runs)));
  return out;
}
