import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { AhdError, ErrorCode, usageError } from '../errors.ts';

/** Writes a file so that a crash leaves either the old or the new content, never a mix. */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * Writes a file the user asked for (a report, an exported module), atomically. Where it cannot go (a directory in
 * its place, no parent directory, a write the system refuses: EACCES, EROFS, ENOSPC) is a usage error naming it
 * as `label` (the flag and path, or the path).
 */
export function writeOutputFile(path: string, text: string, label = path): void {
  checkOutputFile(path, label);
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw usageError(`${label}: cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** What writeOutputFile can tell before writing: for a caller with work to do first (a report scores baselines). */
export function checkOutputFile(path: string, label = path): void {
  if (existsSync(path) && statSync(path).isDirectory()) throw usageError(`${label} is a directory: name the file to write`);
  const parent = dirname(path);
  if (!existsSync(parent) || !statSync(parent).isDirectory()) throw usageError(`${label}: directory ${parent} does not exist`);
}

export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

export function readJson<T>(path: string, what: string): T {
  return parseJsonFile<T>(existsSync(path) ? readFileSync(path, 'utf8') : undefined, path, what);
}

/**
 * A JSON file's text (undefined: the file is missing) as its value, for readers that get the text elsewhere (a
 * study's runs.zip); `path` and `what` name the file in errors.
 */
export function parseJsonFile<T>(text: string | undefined, path: string, what: string): T {
  // A missing file means the user named the wrong directory (usage); an unreadable one, a damaged run.
  if (text === undefined) throw new AhdError(ErrorCode.Usage, `${path}: no ${what} (is this a run directory?)`);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new AhdError(ErrorCode.Run, `${path}: ${what} is not valid JSON`, { cause: error });
  }
}


/** A JSON file's content, or undefined when it is missing or unreadable (readers of live or killed runs). */
export function tryReadJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * The entries of a JSON file that holds a list, none when the file does not exist. A file that is not a list, or
 * holds an entry `isEntry` refuses, is a usage error saying it is not `what`.
 */
export function readJsonList<T>(path: string, isEntry: (entry: Partial<T>) => boolean, what: string): T[] {
  if (!existsSync(path)) return [];
  const entries = tryReadJson<unknown>(path);
  if (!Array.isArray(entries) || !entries.every(isEntry)) throw usageError(`${path}: not ${what}`);
  return entries as T[];
}
