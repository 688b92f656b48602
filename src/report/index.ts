import { join } from 'node:path';
import { methodName } from '../compare/methods.ts';
import { m2Note } from '../config/stored.ts';
import { checkOutputFile, tryReadJson, writeOutputFile } from '../ground/json-files.ts';
import { usageError } from '../errors.ts';
import { BASELINES_FILE, mergeBaselines, readBaselines, type BaselineEntry } from '../compare/baselines.ts';
import { failureTable, lineageTable, operatorTable } from './analysis.ts';
import { levelLines, runBaselines, type RunBaselineOptions } from './baselines.ts';
import { chartSpecs } from './charts.ts';
import { comparePage } from './compare.ts';
import { findFinishedRuns, readFinishedRun, refuseOtherMethods, type FinishedRun } from '../engine/run-dir/index.ts';
import { renderHtml, type ReportPage } from './html.ts';
import { readRun, type RunData } from '../engine/run-dir/index.ts';
import { generationSeries, updateSeries } from './series.ts';
import { bestIndividual, summaryRows } from './summary-rows.ts';
import { naturalSign } from '../ground/natural-sign.ts';

export { readRun, type RunData } from '../engine/run-dir/index.ts';

export interface ReportPageOptions {
  readonly generatedAt?: string;
  /** The task's classical baselines on train (runBaselines), drawn across the objective chart. */
  readonly baselines?: readonly BaselineEntry[];
}

/** The report page of a run (data only), as `renderHtml` draws it. */
export function reportPage(run: RunData, options: ReportPageOptions = {}): ReportPage {
  const { config, problem } = run;
  const natural = (objective: number) => naturalSign(problem.sense, objective);
  const objectiveName = problem.sense === 'max' ? 'objective (higher is better)' : 'objective (lower is better)';
  const best = bestIndividual(run);
  const last = run.snapshots.at(-1);
  const notes: string[] = [];
  if (!run.summary) notes.push('This run has not finished: the figures cover what it logged so far.');
  if (config.es.enabled && run.updatesFrom === 'events.jsonl') notes.push('history.json is missing or unreadable: ES figures come from events.jsonl.');
  return {
    title: `ahd report: ${problem.id}, ${methodName(config.search.scaffold, config.es.enabled, config.es.mode)}${m2Note(config)}, budget ${config.search.budget}, seed ${config.search.seed}`,
    notes,
    summary: summaryRows(run),
    charts: chartSpecs(
      generationSeries(problem, run.snapshots, run.events),
      updateSeries(run.updates),
      objectiveName,
      stepName(config.search.scaffold),
      levelLines(options.baselines ?? []),
    ),
    best: best && last ? { individual: best, objective: natural(best.objective), generation: last.generation } : undefined,
    tables: [
      operatorTable(run.events, problem.sense),
      failureTable(run.events),
      lineageTable(run.events, best?.id, problem.sense),
    ],
    generatedAt: options.generatedAt ?? new Date().toISOString(),
  };
}

/** What one snapshot of the scaffold stands for: an EoH generation, a Sample batch. */
const stepName = (scaffold: string) => (scaffold === 'sample' ? 'batch' : 'generation');

/** Default report file of a run directory. */
export const defaultReportPath = (runDir: string) => join(runDir, 'report.html');

/**
 * `ahd report`: reads `runDir` and writes one self-contained HTML file to `out` (default <run-dir>/report.html).
 * The run's own files are only read; the task's baselines are scored once and kept in <run-dir>/baselines.json.
 * Returns the path written.
 */
export async function writeReport(runDir: string, out = defaultReportPath(runDir), options: RunBaselineOptions = {}): Promise<string> {
  const run = readRun(runDir);
  checkOutputFile(out);
  const html = renderHtml(reportPage(run, { baselines: await runBaselines(run, options) }));
  writeOutputFile(out, html);
  return out;
}

/**
 * The finished runs under a directory; for a table directory without runs under it (ahd table --from writes only
 * the table), the runs its table.json lists (paths as the table recorded them: absolute, or from where it was
 * built). A listed run that is not there is a usage error saying where the table came from.
 */
function runsOfDir(dir: string): FinishedRun[] {
  const under = findFinishedRuns(dir);
  const listed = under.length === 0 ? tryReadJson<{ runs?: unknown }>(join(dir, 'table.json'))?.runs : undefined;
  if (!Array.isArray(listed)) return under;
  const paths = listed.filter((p): p is string => typeof p === 'string');
  const missing = paths.find((p) => !readFinishedRun(p));
  if (missing !== undefined) {
    throw usageError(`${dir} is a table of runs elsewhere, and its run ${missing} is not there (finished): report the directory the table was built --from`);
  }
  return paths.map((p) => readFinishedRun(p)!);
}

/**
 * `ahd report <dir> <dir> ...` or `ahd report <table dir>`: one page over every finished run found there
 * (comparePage), with the classical baselines of the table directories' baselines.json where they have one
 * (nothing is evaluated). Returns the path written (default <first dir>/report.html).
 */
export function writeCompareReport(dirs: readonly string[], out = defaultReportPath(dirs[0])): string {
  const found = dirs.map((dir) => ({ dir, run: readFinishedRun(dir) }));
  const runs = found.flatMap(({ dir, run }) => (run ? [run] : runsOfDir(dir)));
  if (runs.length === 0) throw usageError(`no finished run in ${dirs.join(', ')}`);
  refuseOtherMethods(runs, 'ahd report');
  const baselines = mergeBaselines(...found.filter((f) => !f.run).map((f) => readBaselines(join(f.dir, BASELINES_FILE))));
  writeOutputFile(out, renderHtml(comparePage(runs, { baselines })));
  return out;
}
