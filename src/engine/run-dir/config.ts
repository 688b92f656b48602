import { join } from 'node:path';
import { loadRunProblem } from '../../problems/index.ts';
import type { Problem } from '../../problems/types.ts';
import { checkStoredConfig, type StoredRunConfig } from '../../config/stored.ts';
import { usageError } from '../../errors.ts';
import { hasRunFile, isRunFolder, readRunJson } from './run-source.ts';

/**
 * The run's config.json, checked and in the current version (config/stored.ts): the one way every command reads
 * it (resume, report, table, export, replay, probe), from a folder or a study's archive. A missing or malformed
 * file is a usage error naming the file and the first field that is wrong; so is a path that is no folder at all.
 */
export function readRunConfig(dir: string): StoredRunConfig {
  if (!isRunFolder(dir)) throw usageError(`${dir}: no such run directory`);
  if (!hasRunFile(dir, 'config.json')) throw usageError(`${dir} is not a run directory (no config.json)`);
  const config = checkStoredConfig(readRunJson(dir, 'config.json'));
  if (typeof config === 'string') throw usageError(`${join(dir, 'config.json')}: ${config}`);
  return config;
}

/** config.json when it is there and well formed, else undefined (readers that skip what is not a run). */
export function tryReadRunConfig(dir: string): StoredRunConfig | undefined {
  const config = checkStoredConfig(readRunJson(dir, 'config.json'));
  return typeof config === 'string' ? undefined : config;
}

/** Loads the problem a run directory ran on (a problem of the user's own from its module), for report and export. */
export async function loadRunDirProblem(dir: string): Promise<Problem | undefined> {
  // No config: the caller's own reader says what is wrong with the directory.
  if (!hasRunFile(dir, 'config.json')) return undefined;
  return loadRunProblem(readRunConfig(dir));
}
