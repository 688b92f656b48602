import { join } from 'node:path';
import { esParamsOf } from '../../config/stored.ts';
import type { EsParams } from '../../es/optimizer.ts';
import { tryReadRunConfig } from './config.ts';
import { hasRunFile, isRunFolder, readRunJson, subfolders } from './run-source.ts';
import type { RunSummary } from './summary-file.ts';
import { usageError } from '../../errors.ts';

/** A finished run as the table uses it: its setting (rep = run seed) and its summary (natural sign). */
export interface FinishedRun {
  readonly dir: string;
  readonly problem: string;
  readonly scaffold: string;
  readonly es: boolean;
  /** ES runs of a control arm: which (es/optimizer.ts EsParams.mode); absent for the full arm and for no ES. */
  readonly mode?: 'noise-only' | 'update-only';
  readonly budget: number;
  readonly seed: number;
  /** EoH runs with numbers-only m2 (--m2 numbers): not a method of the table's. */
  readonly m2?: 'numbers';
  /** ES runs: the ES settings they ran with (config.json). */
  readonly esSettings?: EsParams;
  readonly summary: RunSummary;
}

/** How deep below --from run directories are looked for (<from>/runs/<name> is depth 2). */
const MAX_DEPTH = 3;

/** The finished run in `dir`, on disk or packed in a runs.zip above it (config.json and a complete summary.json), or undefined. */
export function readFinishedRun(dir: string): FinishedRun | undefined {
  const config = tryReadRunConfig(dir);
  const summary = config && readRunJson<RunSummary>(dir, 'summary.json');
  if (!config || !summary || typeof summary.best?.objective !== 'number' || typeof summary.best.test !== 'object') {
    return undefined;
  }
  return {
    dir,
    problem: config.problem,
    scaffold: config.search.scaffold,
    es: config.es.enabled,
    ...(config.es.enabled && config.es.mode && config.es.mode !== 'full' && { mode: config.es.mode }),
    budget: config.search.budget,
    seed: config.search.seed,
    ...(config.search.m2 && { m2: config.search.m2 }),
    ...(esParamsOf(config.es) && { esSettings: esParamsOf(config.es) }),
    summary,
  };
}

/** The finished runs directly below `dir` (a table's runs/ folder), on disk or in a runs.zip; none where it is not. */
export function finishedRunsIn(dir: string): FinishedRun[] {
  return subfolders(dir)
    .map((name) => readFinishedRun(join(dir, name)))
    .filter((run): run is FinishedRun => run !== undefined);
}

/**
 * The table and the comparison page hold the reference's methods only: a run of another (EoH with --m2 numbers)
 * among them would join EoH's cells, so it is refused, named.
 */
export function refuseOtherMethods(runs: readonly FinishedRun[], what: string): void {
  const other = runs.find((run) => run.m2 !== undefined);
  if (other) throw usageError(`${what}: ${other.dir} ran EoH with --m2 ${other.m2}, which is not one of the table's methods: keep it out of there`);
}

/**
 * Every finished run at or below `root`, on disk and in the runs.zip archives there (run directories are not
 * searched inside). Two runs of the same setting and seed would make a cell ambiguous: that is a usage error
 * naming both.
 */
export function findFinishedRuns(root: string): FinishedRun[] {
  if (!isRunFolder(root)) throw usageError(`--from: ${root} is not a directory`);
  const runs: FinishedRun[] = [];
  const walk = (dir: string, depth: number) => {
    if (hasRunFile(dir, 'config.json')) {
      const run = readFinishedRun(dir);
      if (run) runs.push(run);
      return;
    }
    if (depth >= MAX_DEPTH) return;
    for (const name of subfolders(dir)) {
      if (name !== 'node_modules' && !name.startsWith('.')) walk(join(dir, name), depth + 1);
    }
  };
  walk(root, 0);
  const seen = new Map<string, string>();
  for (const run of runs) {
    const key = JSON.stringify([run.problem, run.scaffold, run.es, run.budget, run.seed, run.m2 ?? '']);
    const other = seen.get(key);
    if (other) throw usageError(`--from: ${other} and ${run.dir} are runs of the same setting and seed`);
    seen.set(key, run.dir);
  }
  return runs;
}
