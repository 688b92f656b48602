import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getProblem, listProblems } from '../problems/index.ts';
import type { ProblemId } from '../problems/types.ts';
import { checkBudget } from '../scaffolds/eoh/budget.ts';
import { writeFileAtomic, writeJsonAtomic } from '../ground/json-files.ts';
import type { ScaffoldId } from '../core/types.ts';
import { usageError } from '../errors.ts';
import {
  BASELINES_FILE,
  completeBaselines,
  mergeBaselines,
  readBaselines,
  requestedBaselines,
  tableBaselineRequests,
  writeBaselines,
  type BaselineEntry,
  type BaselineEvaluator,
} from '../compare/baselines.ts';
import { compareEs, formCells, type Cell, type Comparison } from '../compare/cells.ts';
import { countImprovements, improvementLine, type ImprovementCount } from '../compare/improvements.ts';
import { tableSplits } from '../compare/methods.ts';
import { cliRunner } from './cli-runner.ts';
import { findFinishedRuns, readFinishedRun, refuseOtherMethods, type FinishedRun } from '../engine/run-dir/index.ts';
import { REFERENCE_VALUES } from '../compare/reference.ts';
import { renderCsv, renderEsSettings, renderMarkdown, renderPaired, renderCompute } from './render.ts';
import { settingDir, runSettings, type SettingRunner } from './run-settings.ts';
import { DEFAULT_BUDGETS, DEFAULT_REPS, enumerateSettings, tableMethods, type Setting } from './settings.ts';
import type { Method } from '../compare/methods.ts';
import { MACHINE_FILE, mergeMachines, readMachines, writeMachines } from './machine.ts';
import { describeMachine } from '../ground/machine.ts';
import { describeEs, esParamsKey } from '../es/describe.ts';
import { defaultEs } from '../es/optimizer.ts';

export interface TableOptions {
  /** Problem ids (default: every registered problem). With `from`, only filters when given. */
  readonly problems?: readonly string[];
  /** Default 1000, 2000. With `from`, only filters when given. */
  readonly budgets?: readonly number[];
  /** Scaffolds to compare (default eoh and sample). With `from`, only filters when given. */
  readonly scaffolds?: readonly ScaffoldId[];
  /**
   * Methods to run instead (compare/methods.ts: eoh, eoh-es, eoh-noise, eoh-update, and the same for sample): the
   * ES controls beside the reference's four. With `from`, only filters when given.
   */
  readonly methods?: readonly Method[];
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
  /** How a classical baseline missing from baselines.json is scored (default: the sandbox, through evaluate()). */
  readonly evaluateBaseline?: BaselineEvaluator;
  /** Progress lines (default: stderr). */
  readonly log?: (line: string) => void;
}

export interface TableResult {
  readonly cells: readonly Cell[];
  /** The classical baselines the table shows (natural sign), per problem, baseline and split. */
  readonly baselines: readonly BaselineEntry[];
  readonly comparisons: readonly Comparison[];
  readonly count: ImprovementCount;
  readonly headline: string;
  readonly markdown: string;
  /** The files written (baselines.json when there are baselines to keep). */
  readonly files: { readonly markdown: string; readonly csv: string; readonly json: string; readonly baselines?: string };
  /** Settings whose run failed in this call (none with `from`). */
  readonly failed: readonly { readonly dir: string; readonly message: string }[];
}

const problemOf = (id: string) => listProblems().find((p) => p.id === id);
const testSplits = (id: string) => {
  const problem = problemOf(id);
  return problem ? tableSplits(problem) : [];
};
const senseOf = (id: string) => problemOf(id)?.sense ?? 'min';

/**
 * `ahd table`: runs (or, with `from`, only collects) the comparison of EoH and Sample with and without ES over
 * problems x budgets x repetitions, forms the reference's cells (mean over repetitions of the best heuristic's
 * test-split means) and writes the table with the count of settings where ES beats its matched baseline, the
 * reference's own numbers under its rows and the tasks' classical baselines (baselines.json) under each task.
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
  const machineFile = join(options.out, MACHINE_FILE);
  if (options.from !== undefined) {
    runs = findFinishedRuns(options.from).filter(
      (r) =>
        (!problems || problems.includes(r.problem as ProblemId)) &&
        (!options.budgets || options.budgets.includes(r.budget)) &&
        (!options.scaffolds || options.scaffolds.includes(r.scaffold as ScaffoldId)) &&
        (!options.methods || options.methods.some((m) => m.scaffold === r.scaffold && m.es === r.es && m.mode === r.mode)) &&
        (options.reps === undefined || r.seed < options.reps),
    );
    refuseOtherMethods(runs, '--from');
    log(`table: ${runs.length} finished run(s) under ${options.from}`);
  } else {
    const settings = enumerateSettings(
      problems ?? listProblems().map((p) => p.id as ProblemId),
      options.budgets ?? DEFAULT_BUDGETS,
      options.reps ?? DEFAULT_REPS,
      options.methods ?? tableMethods(options.scaffolds),
    );
    refuseStaleEsRuns(settings, options.out);
    // This machine joins the table's list before its runs start, so a stopped table still says where they ran.
    mkdirSync(options.out, { recursive: true });
    writeMachines(machineFile, mergeMachines(readMachines(machineFile), [describeMachine()]));
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
  mkdirSync(options.out, { recursive: true });
  const baselinesFile = join(options.out, BASELINES_FILE);
  const baselines = await tableBaselines(cells, baselinesFile, options, log);
  // A rebuild elsewhere keeps the machines of the runs it reads.
  const machines = mergeMachines(options.from !== undefined ? readMachines(join(options.from, MACHINE_FILE)) : [], readMachines(machineFile));
  if (options.from !== undefined) writeMachines(machineFile, machines);
  const markdown =
    renderMarkdown(cells, reps, senseOf, headline, baselines) +
    (comparisons.length > 0 ? renderPaired(comparisons) : '') +
    (runs.length > 0 ? renderCompute(runs, machines) + renderEsSettings(runs) : '');
  const files = {
    markdown: join(options.out, 'table.md'),
    csv: join(options.out, 'table.csv'),
    json: join(options.out, 'table.json'),
    ...(existsSync(baselinesFile) && { baselines: baselinesFile }),
  };
  writeFileAtomic(files.markdown, markdown);
  writeFileAtomic(files.csv, renderCsv(cells));
  const rows = new Set(cells.map((c) => JSON.stringify([c.problem, c.split, c.budget])));
  const reference = REFERENCE_VALUES.filter((r) => rows.has(JSON.stringify([r.problem, r.split, r.budget])));
  writeJsonAtomic(files.json, { reps, runs: runs.map((r) => r.dir), cells, reference, baselines, comparisons, count, headline, failed, machines });
  return { cells, baselines, comparisons, count, headline, markdown, files, failed };
}

/**
 * A table that runs compares what `ahd run --es` does now; finished ES runs made with other ES settings (an earlier
 * default) would be skipped as done and mixed into its cells, so running refuses them. --from tabulates them as
 * they are, with their settings listed.
 */
function refuseStaleEsRuns(settings: readonly Setting[], out: string): void {
  const stale = settings
    .filter((s) => s.es)
    .map((s) => readFinishedRun(settingDir(out, s)))
    .filter(
      (r): r is FinishedRun =>
        r?.esSettings !== undefined && esParamsKey(r.esSettings, r.scaffold) !== esParamsKey({ ...defaultEs(r.scaffold), ...(r.mode && { mode: r.mode }) }, r.scaffold),
    );
  if (stale.length === 0) return;
  throw usageError(
    `${stale.length} finished ES run(s) under ${join(out, 'runs')} ran with other ES settings than \`ahd run --es\` uses now ` +
      `(first: ${stale[0].dir}: ${describeEs(stale[0].esSettings!, stale[0].scaffold)}): move them away to run them again, or tabulate them as they are with --from`,
  );
}

/**
 * The classical baselines of the table's problems on the splits its rows show, with repetition 0's evaluation
 * seed. They come from <out>/baselines.json, else <from>/baselines.json; only what neither holds is evaluated,
 * and the whole set is written to <out>/baselines.json (never into --from, unless it is --out).
 */
async function tableBaselines(cells: readonly Cell[], file: string, options: TableOptions, log: (line: string) => void): Promise<BaselineEntry[]> {
  const requests = tableBaselineRequests(cells);
  const known = mergeBaselines(options.from !== undefined ? readBaselines(join(options.from, BASELINES_FILE)) : [], readBaselines(file));
  const entries = await completeBaselines(requests, known, { evaluate: options.evaluateBaseline, log: (line) => log(`table: ${line}`) });
  writeBaselines(file, entries);
  return requestedBaselines(requests, entries);
}
