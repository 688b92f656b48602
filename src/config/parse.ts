import { usageError } from '../errors.ts';
import { plainMessage } from '../ground/zod-issue.ts';
import { didYouMean } from './did-you-mean.ts';
import { runConfigSchema, type CheckedRunConfig } from './schema.ts';
import { settingAt } from './settings.ts';

/** Where a run config document came from: errors name a setting as its user wrote it. */
export type ConfigSource = { readonly kind: 'flags' } | { readonly kind: 'file'; readonly path: string } | { readonly kind: 'library' };

/** A setting as the source spells it: `--budget` (flags), `run.yaml: search.budget` (a file), `search.budget`. */
export function settingName(source: ConfigSource, path: string): string {
  if (source.kind === 'flags') {
    const flag = settingAt(path.split('.'))?.flagName;
    if (flag) return `--${flag}`;
  }
  return source.kind === 'file' ? `${source.path}: ${path}` : path;
}

/**
 * Checks a document once, where it enters (its flags, its file, the library call); the first problem is one usage
 * error that names the setting as its source spells it. Unknown fields are all named, each with the setting it
 * most likely meant: a misspelt setting must not silently fall back to its default.
 */
export function parseDocument(value: unknown, source: ConfigSource): CheckedRunConfig {
  const parsed = runConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const unknown = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key].join('.')) : [],
  );
  if (unknown.length > 0) {
    const listed = unknown.map((path) => {
      const meant = didYouMean(path);
      return `${path}${meant ? ` (did you mean ${meant}?)` : ''}`;
    });
    const where = source.kind === 'file' ? `${source.path}: ` : '';
    throw usageError(`${where}unknown setting${unknown.length > 1 ? 's' : ''} ${listed.join(', ')}`);
  }
  const issue = parsed.error.issues[0];
  const path = issue.path.map(String).join('.');
  const where = path ? settingName(source, settingAt(issue.path)?.path ?? path) : source.kind === 'file' ? source.path : 'run config';
  throw usageError(`${where}: ${plainMessage(issue)}`);
}
