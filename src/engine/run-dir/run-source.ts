/**
 * Where the readers of finished runs get their files: a run directory on disk, or the same directory packed into
 * the runs.zip of a folder above it (a study's archive, benchmarks/pack-runs.mjs, entries at their paths relative
 * to that folder). Paths stay those of the unpacked runs (benchmarks/results/table/runs/<run>), so a table built
 * from the archive names its runs as one built from the directories. A file on disk wins over the archive's.
 * Read-only: runs are written to disk only. Every reader of a run's files goes through here (table, report, export,
 * replay, probe, warm start), so a packed run path works wherever an unpacked one does.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { unzipSync } from 'fflate';
import { usageError } from '../../errors.ts';
import { parseJsonFile } from '../../ground/json-files.ts';

const RUNS_ARCHIVE = 'runs.zip';

interface Archive {
  /** The folder holding runs.zip (absolute): entry paths are relative to it. */
  readonly base: string;
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** Folder entry path ('' for the base) to the names of its subfolders. */
  readonly folders: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Archives read in this process, by path; reread when the file changes. */
const cache = new Map<string, { readonly stamp: string; readonly archive: Archive }>();

function openArchive(base: string): Archive | undefined {
  const path = join(base, RUNS_ARCHIVE);
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const cached = cache.get(path);
  if (cached?.stamp === stamp) return cached.archive;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(readFileSync(path));
  } catch (error) {
    throw usageError(`${path}: not a readable zip archive (${(error as Error).message})`);
  }
  const files = new Map<string, Uint8Array>();
  const folders = new Map<string, Set<string>>([['', new Set()]]);
  for (const [name, bytes] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    files.set(name, bytes);
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/');
      if (!folders.has(folder)) folders.set(folder, new Set());
      folders.get(parts.slice(0, i - 1).join('/'))!.add(parts[i - 1]);
    }
  }
  const archive = { base, files, folders };
  cache.set(path, { stamp, archive });
  return archive;
}

/** The archive of the nearest folder at or above `dir` that holds a runs.zip, and `dir`'s path inside it. */
function archiveOf(dir: string): { archive: Archive; inside: string } | undefined {
  const start = resolve(dir);
  for (let base = start; ; base = dirname(base)) {
    const archive = openArchive(base);
    if (archive) return { archive, inside: relative(base, start).split(sep).join('/') };
    if (dirname(base) === base) return undefined;
  }
}

const entryPath = (inside: string, name: string) => (inside === '' ? name : `${inside}/${name}`);

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** A run directory's file as text, from disk or from the archive above it; undefined when neither has it. */
export function readRunFile(dir: string, name: string): string | undefined {
  const path = join(dir, name);
  if (isFile(path)) return readFileSync(path, 'utf8');
  const found = archiveOf(dir);
  const bytes = found?.archive.files.get(entryPath(found.inside, name));
  return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** Whether a run directory holds the file, on disk or in the archive above it. */
export function hasRunFile(dir: string, name: string): boolean {
  if (isFile(join(dir, name))) return true;
  const found = archiveOf(dir);
  return found?.archive.files.has(entryPath(found.inside, name)) ?? false;
}

/** A run directory's JSON file, or undefined when it is missing or not valid JSON (readers of live or killed runs). */
export function readRunJson<T>(dir: string, name: string): T | undefined {
  const text = readRunFile(dir, name);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * A run directory's JSON file that must be there (config, summary, snapshot): a missing file is a usage error, a
 * malformed one a damaged run, both naming the file (`what` says what it is).
 */
export function readRunJsonFile<T>(dir: string, name: string, what: string): T {
  return parseJsonFile<T>(readRunFile(dir, name), join(dir, name), what);
}

/** The names of the files directly in `dir`/`folder` (population snapshots), on disk and in the archive above it, sorted. */
export function runFileNames(dir: string, folder: string): string[] {
  const names = new Set<string>();
  const path = join(dir, folder);
  if (isFolder(path)) {
    for (const entry of readdirSync(path, { withFileTypes: true })) if (entry.isFile()) names.add(entry.name);
  }
  const found = archiveOf(dir);
  if (found) {
    const prefix = `${entryPath(found.inside, folder)}/`;
    for (const name of found.archive.files.keys()) {
      if (name.startsWith(prefix) && !name.slice(prefix.length).includes('/')) names.add(name.slice(prefix.length));
    }
  }
  return [...names].sort();
}

/** Whether `dir` is a folder on disk or one packed in the archive above it. */
export function isRunFolder(dir: string): boolean {
  if (isFolder(dir)) return true;
  const found = archiveOf(dir);
  return found?.archive.folders.has(found.inside) ?? false;
}

/** The names of `dir`'s subfolders, on disk and in the archive at or above it, sorted as the walk of a table reads them. */
export function subfolders(dir: string): string[] {
  const names = new Set<string>();
  if (isFolder(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) names.add(entry.name);
  }
  const found = archiveOf(dir);
  for (const name of found?.archive.folders.get(found.inside) ?? []) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b));
}
