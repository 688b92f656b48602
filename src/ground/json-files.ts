import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
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

export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`);
}

export function readJson<T>(path: string, what: string): T {
  // A missing file means the user named the wrong directory (usage); an unreadable one, a damaged run.
  if (!existsSync(path)) throw new AhdError(ErrorCode.Usage, `${path}: no ${what} (is this a run directory?)`);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
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
