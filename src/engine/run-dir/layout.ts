import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AhdError, ErrorCode, settingError } from '../../errors.ts';
import type { Individual } from '../../core/types.ts';
import { readRunJsonFile, runFileNames } from './run-source.ts';

/** The files of a run directory (runs/<name>/). */
export function runPaths(dir: string) {
  return {
    dir,
    config: join(dir, 'config.json'),
    events: join(dir, 'events.jsonl'),
    history: join(dir, 'history.json'),
    population: join(dir, 'population'),
    snapshot: (generation: number) => join(dir, 'population', `gen-${String(generation).padStart(3, '0')}.json`),
    best: join(dir, 'best.js'),
    summary: join(dir, 'summary.json'),
  };
}
export type RunPaths = ReturnType<typeof runPaths>;

/** One generation's population as written to population/gen-XXX.json. */
export interface Snapshot {
  readonly generation: number;
  readonly total: number;
  readonly samples: number;
  readonly valid: number;
  readonly population: readonly Individual[];
}

/** The names of a run's population snapshots (gen-XXX.json), on disk or in a study's runs.zip, oldest first. */
export const snapshotNames = (dir: string): string[] => runFileNames(dir, 'population').filter((n) => /^gen-\d+\.json$/.test(n));

/**
 * The newest snapshot of a run, or undefined when none was written yet (or, for a packed run, none was kept).
 * Read through run-source: a run being resumed is on disk, where its files win over any archive's.
 */
export function lastSnapshot(paths: RunPaths): Snapshot | undefined {
  const name = snapshotNames(paths.dir).at(-1);
  return name ? readRunJsonFile<Snapshot>(paths.dir, `population/${name}`, 'population snapshot') : undefined;
}

/** Creates the run directory; refuses to start a fresh run over an existing one. */
export function createRunDir(paths: RunPaths): void {
  if (existsSync(paths.dir) && !statSync(paths.dir).isDirectory()) {
    throw settingError('io.out', `${paths.dir} is a file, not a directory`);
  }
  if (existsSync(paths.config)) {
    if (lastSnapshot(paths) !== undefined) {
      throw new AhdError(ErrorCode.Usage, `${paths.dir} already holds a run: pass --resume to continue it, or another --out`);
    }
    // A run that never finished a generation (it failed at its first requests) holds nothing worth keeping:
    // the directory is reused for the new run.
    for (const file of [paths.config, paths.events, paths.history, paths.summary, paths.best]) rmSync(file, { force: true });
  }
  try {
    mkdirSync(paths.population, { recursive: true });
  } catch (error) {
    throw settingError('io.out', `${paths.dir}: cannot create the run directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * Compares the stored config with the one a resume asks for and names the first field that differs, down to the
 * leaf of a nested setting (llm.source, not the whole llm object twice). The config holds only what decides the
 * result: machine settings such as threads are not in it.
 */
export function checkResumeConfig(stored: Record<string, unknown>, wanted: Record<string, unknown>, path: string): void {
  const difference = firstDifference(stored, wanted, '');
  if (difference) {
    const [field, a, b] = difference;
    throw new AhdError(ErrorCode.Usage, `cannot resume ${path}: ${field} was ${a ?? 'unset'}, this run asks ${b ?? 'unset'}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first field (dotted path) whose values differ, with both as JSON; undefined when they agree. */
function firstDifference(a: unknown, b: unknown, field: string): [string, string | undefined, string | undefined] | undefined {
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], field ? `${field}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  }
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)];
  return x === y ? undefined : [field, x, y];
}
