import type { z } from 'zod';
import { usageError } from '../errors.ts';
import { firstIssue } from './zod-issue.ts';

/** `topP` -> `--top-p`: the flag a schema field came from. */
export function flagName(key: PropertyKey): string {
  return `--${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Validates a command's options once, at the edge; the first problem becomes a one-line usage error. */
export function parseOptions<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw usageError(firstIssue(result.error, 'options', (path) => flagName(path[0])));
}
