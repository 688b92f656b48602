import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AhdError, ErrorCode } from '../../errors.ts';
import { readJson } from '../../ground/json-files.ts';
import type { Individual } from '../../core/types.ts';

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

/** The newest snapshot of a run, or undefined when none was written yet. */
export function lastSnapshot(paths: RunPaths): Snapshot | undefined {
  if (!existsSync(paths.population)) return undefined;
  const names = readdirSync(paths.population).filter((n) => /^gen-\d+\.json$/.test(n)).sort();
  const name = names.at(-1);
  return name ? readJson<Snapshot>(join(paths.population, name), 'population snapshot') : undefined;
}

/** Creates the run directory; refuses to start a fresh run over an existing one. */
export function createRunDir(paths: RunPaths): void {
  if (existsSync(paths.dir) && !statSync(paths.dir).isDirectory()) {
    throw new AhdError(ErrorCode.Usage, `--out ${paths.dir} is a file, not a directory`);
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
    throw new AhdError(ErrorCode.Usage, `--out ${paths.dir}: cannot create the run directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * Compares the stored config with the one a resume asks for and names the first field that differs
 * (the config holds only what decides the result: machine settings such as threads are not in it).
 */
export function checkResumeConfig(stored: Record<string, unknown>, wanted: Record<string, unknown>, path: string): void {
  const keys = new Set([...Object.keys(stored), ...Object.keys(wanted)]);
  for (const key of keys) {
    const a = JSON.stringify(stored[key]);
    const b = JSON.stringify(wanted[key]);
    if (a !== b) {
      throw new AhdError(ErrorCode.Usage, `cannot resume ${path}: ${key} was ${a ?? 'unset'}, this run asks ${b ?? 'unset'}`);
    }
  }
}
