import { join } from 'node:path';
import { z } from 'zod';
import { loadRunProblem } from '../../problems/index.ts';
import type { Problem } from '../../problems/types.ts';
import { usageError } from '../../errors.ts';
import type { EsParams } from '../../es/optimizer.ts';
import { firstIssue } from '../../ground/zod-issue.ts';
import type { SamplingOptions } from '../../llm/types.ts';
import { hasRunFile, readRunJson } from './run-source.ts';

/** Everything that decides a run's result; stored as config.json and checked on --resume. */
export interface RunConfig {
  readonly problem: string;
  /** A problem of the user's own: the module it was loaded from (file URL), so resume, report and export find it. */
  readonly problemSource?: string;
  readonly scaffold: string;
  readonly es: boolean;
  readonly budget: number;
  readonly seed: number;
  readonly llm: { readonly backend: string; readonly source: string; readonly model: string; readonly promptStyle: string };
  readonly sampling: SamplingOptions;
  /** ES settings and the fingerprint of the base weights (ES runs only). */
  readonly esSettings?: EsParams & { readonly baseFingerprint: string };
}

/** What every reader of config.json relies on (ES settings: checked by the ES code that uses them). */
const runConfigSchema = z.object({
  problem: z.string().min(1),
  problemSource: z.string().min(1).optional(),
  scaffold: z.string().min(1),
  es: z.boolean(),
  budget: z.number().int().min(1),
  seed: z.number().int().min(0),
  llm: z.object({ backend: z.string().min(1), source: z.string(), model: z.string(), promptStyle: z.string() }),
  sampling: z.object({ temperature: z.number(), topP: z.number(), topK: z.number(), maxNewTokens: z.number(), stop: z.array(z.string()) }),
  esSettings: z.looseObject({ baseFingerprint: z.string().min(1) }).optional(),
});

/**
 * The run's config.json, checked: the one way every command reads it (resume, report, table, export, replay,
 * probe). A missing or malformed file is a usage error naming the file and the first field that is wrong.
 */
export function readRunConfig(dir: string): RunConfig {
  if (!hasRunFile(dir, 'config.json')) throw usageError(`${dir} is not a run directory (no config.json)`);
  const config = checkRunConfig(readRunJson(dir, 'config.json'));
  if (typeof config === 'string') throw usageError(`${join(dir, 'config.json')}: ${config}`);
  return config;
}

/** config.json when it is there and well formed, else undefined (readers that skip what is not a run). */
export function tryReadRunConfig(dir: string): RunConfig | undefined {
  const config = checkRunConfig(readRunJson(dir, 'config.json'));
  return typeof config === 'string' ? undefined : config;
}

/** A document of config.json's shape (a run's, given to `ahd run --config`), or what is wrong with it. */
export function checkRunConfig(value: unknown): RunConfig | string {
  if (value === undefined) return 'not valid JSON';
  const parsed = runConfigSchema.safeParse(value);
  return parsed.success ? (value as RunConfig) : `not an ahd run config (${firstIssue(parsed.error, 'top level')})`;
}

/** Loads the problem a run directory ran on (a problem of the user's own from its module), for report and export. */
export async function loadRunDirProblem(dir: string): Promise<Problem | undefined> {
  // No config: the caller's own reader says what is wrong with the directory.
  if (!hasRunFile(dir, 'config.json')) return undefined;
  return loadRunProblem(readRunConfig(dir));
}
