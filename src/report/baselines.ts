import { join } from 'node:path';
import { oneLine } from '../ground/one-line.ts';
import {
  BASELINES_FILE,
  completeBaselines,
  readBaselines,
  requestedBaselines,
  writeBaselines,
  type BaselineEntry,
  type BaselineEvaluator,
} from '../compare/baselines.ts';
import { TRAIN } from '../compare/cells.ts';
import type { LevelLine } from './charts.ts';
import { evalSeedOf, type RunData } from '../engine/run-dir/index.ts';

export interface RunBaselineOptions {
  /** How a baseline is scored (default: the sandbox, through evaluate()). */
  readonly evaluate?: BaselineEvaluator;
  /** Progress and failure lines (default: none). */
  readonly log?: (line: string) => void;
}

/**
 * The task's classical baselines on train, with the run's evaluation seed, for the report's objective chart.
 * Read from <run-dir>/baselines.json; what it lacks is evaluated once and written there, so a second report
 * evaluates nothing. A failure (no sandbox, a read-only directory) only costs the lines: the report renders.
 */
export async function runBaselines(run: RunData, options: RunBaselineOptions = {}): Promise<BaselineEntry[]> {
  const log = options.log ?? (() => {});
  const requests = [{ problem: run.problem, splits: [TRAIN], seed: run.summary?.evalSeed ?? evalSeedOf(run.config.search.seed) }];
  const path = join(run.dir, BASELINES_FILE);
  try {
    const known = readBaselines(path);
    const entries = await completeBaselines(requests, known, { evaluate: options.evaluate, log: (line) => log(`report: ${line}`) });
    if (entries.length > known.length) writeBaselines(path, entries);
    return requestedBaselines(requests, entries);
  } catch (error) {
    log(`report: classical baselines left out: ${oneLine(error instanceof Error ? error.message : String(error))}`);
    return [];
  }
}

/** Baselines as levels across an objective chart: name and mean (those with a valid mean). */
export function levelLines(baselines: readonly BaselineEntry[]): LevelLine[] {
  return baselines.flatMap((b) => (b.mean === null ? [] : [{ label: `baseline: ${b.baseline}`, value: b.mean }]));
}
