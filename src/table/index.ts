import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getProblem, listProblems } from '../../problems/index.ts';
import type { ProblemId } from '../../problems/types.ts';
import { checkBudget } from '../../scaffolds/eoh/budget.ts';
import { writeFileAtomic, writeJsonAtomic } from '../ground/json-files.ts';
import type { ScaffoldId } from '../engine/types.ts';
import { usageError } from '../errors.ts';
import { compareEs, formCells, type Cell, type Comparison } from './cells.ts';
import { cliRunner } from './cli-runner.ts';
import { findFinishedRuns, readFinishedRun, type FinishedRun } from './collect.ts';
import { countImprovements, improvementLine, renderCsv, renderMarkdown, type ImprovementCount, renderCompute } from './render.ts';
import { settingDir, runSettings, type SettingRunner } from './run-settings.ts';
import { DEFAULT_BUDGETS, DEFAULT_REPS, enumerateSettings } from './settings.ts';

export interface TableOptions {
  /** Problem ids (default: every registered problem). With `from`, only filters when given. */
  readonly problems?: readonly string[];
  /** Default 1000, 2000. With `from`, only filters when given. */
  readonly budgets?: readonly number[];
  /** Scaffolds to compare (default eoh and sample). With `from`, only filters when given. */
  readonly scaffolds?: readonly ScaffoldId[];
  /** Repetitions, run with seeds 0..reps-1 (default 3). With `from`, keeps seeds below it when given. */
  readonly reps?: number;
  /** Build the table from the finished runs below this directory, running nothing. */
  readonly from?: string;
  /** Where table.md, table.csv, table.json (and, when running, runs/<setting>/) go. */
  readonly out: string;
  /** Model directory for the runs (default: the bundled model). */
  readonly model?: string;
  /** Runs at once (each then gets one sandbox thread); results do not depend on it. */
  readonly parallel?: number;
  /** How a setting is run (default: an `ahd run --json` process per setting). */
  readonly runner?: SettingRunner;
  /** Progress lines (default: stderr). */
  readonly log?: (line: string) => void;
}

export interface TableResult {
  readonly cells: readonly Cell[];
  readonly comparisons: readonly Comparison[];
  readonly count: ImprovementCount;
  readonly headline: string;
  readonly markdown: string;
  readonly files: { readonly markdown: string; readonly csv: string; readonly json: string };
  /** Settings whose run failed in this call (none with `from`). */
  readonly failed: readonly { readonly dir: string; readonly message: string }[];
}

const problemOf = (id: string) => listProblems().find((p) => p.id === id);
const testSplits = (id: string) => problemOf(id)?.testSplits ?? [];
const senseOf = (id: string) => problemOf(id)?.sense ?? 'min';

/**
 * `ahd table`: runs (or, with `from`, only collects) the comparison of EoH and Sample with and without ES over
 * problems x budgets x repetitions, forms the reference's cells (mean over repetitions of the best heuristic's
 * test-split means) and writes the table with the count of settings where ES beats its matched baseline.
 */
export async function buildTable(options: TableOptions): Promise<TableResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const problems = options.problems?.map((id) => getProblem(id).id as ProblemId);
  options.budgets?.forEach((b) => checkBudget(b));
  if (options.reps !== undefined && !(Number.isInteger(options.reps) && options.reps >= 1)) {
    throw usageError(`--reps must be a positive integer, got ${options.reps}`);
  }
  let runs: FinishedRun[];
  let failed: TableResult['failed'] = [];
  if (options.from !== undefined) {
    runs = findFinishedRuns(options.from).filter(
      (r) =>
        (!problems || problems.includes(r.problem as ProblemId)) &&
        (!options.budgets || options.budgets.includes(r.budget)) &&
        (!options.scaffolds || options.scaffolds.includes(r.scaffold as ScaffoldId)) &&
        (options.reps === undefined || r.seed < options.reps),
    );
    log(`table: ${runs.length} finished run(s) under ${options.from}`);
  } else {
    const settings = enumerateSettings(
      problems ?? listProblems().map((p) => p.id as ProblemId),
      options.budgets ?? DEFAULT_BUDGETS,
      options.reps ?? DEFAULT_REPS,
      options.scaffolds,
    );
    const parallel = options.parallel ?? 1;
    const result = await runSettings(settings, options.out, options.runner ?? cliRunner(options.model, parallel > 1 ? ['--threads', '1'] : []), log, parallel);
    log(`table: ${result.ran} run(s) finished now, ${result.skipped} earlier, ${result.failed.length} failed`);
    failed = result.failed.map(({ dir, message }) => ({ dir, message }));
    runs = settings.map((s) => readFinishedRun(settingDir(options.out, s))).filter((r): r is FinishedRun => r !== undefined);
  }
  const cells = formCells(runs, testSplits);
  const comparisons = compareEs(cells, senseOf);
  const count = countImprovements(comparisons);
  const headline = improvementLine(count, comparisons);
  // Repetitions a full cell has: as asked, else (--from) the most any cell holds.
  const reps = options.reps ?? (options.from !== undefined ? Math.max(1, ...cells.map((c) => c.values.length + c.noValid)) : DEFAULT_REPS);
  const markdown = renderMarkdown(cells, reps, senseOf, headline) + (runs.length > 0 ? renderCompute(runs) : '');
  mkdirSync(options.out, { recursive: true });
  const files = { markdown: join(options.out, 'table.md'), csv: join(options.out, 'table.csv'), json: join(options.out, 'table.json') };
  writeFileAtomic(files.markdown, markdown);
  writeFileAtomic(files.csv, renderCsv(cells));
  writeJsonAtomic(files.json, { reps, runs: runs.map((r) => r.dir), cells, comparisons, count, headline, failed });
  return { cells, comparisons, count, headline, markdown, files, failed };
}
