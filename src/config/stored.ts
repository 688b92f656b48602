import { z } from 'zod';
import type { ScaffoldId } from '../core/types.ts';
import type { EsParams } from '../es/optimizer.ts';
import { firstIssue } from '../ground/zod-issue.ts';
import type { BackendId } from '../llm/backends.ts';
import type { SamplingOptions } from '../llm/types.ts';
import { runConfigSchema, type CheckedRunConfig } from './schema.ts';
import type { RunFacts } from './run-facts.ts';
import { fromVersion1 } from './version1.ts';

/**
 * A run's config.json: the resolved run config (its io part left out: where a process writes is not what the run
 * is) plus what the run recorded on the way (the problem's module, the model's name and prompt style, the base
 * weights' fingerprint). Written once by the engine (storedConfig); read, whatever its version, by
 * checkStoredConfig, the one reader: version 1 (every run before this format) goes through fromVersion1.
 */
export const STORED_CONFIG_VERSION = 2;

/** ES as a run records it: on or off, and the parameters it ran with (none recorded for some ES-server runs). */
export type StoredEs = { readonly enabled: boolean } & Partial<EsParams>;

export interface StoredRunConfig {
  readonly version: typeof STORED_CONFIG_VERSION;
  readonly problem: string;
  /** m2 is recorded only where it is not the reference's (free), so configs from before it read the same. */
  readonly search: { readonly scaffold: string; readonly budget: number; readonly seed: number; readonly m2?: 'numbers' };
  readonly es: StoredEs;
  /** onnx: `model` is the model directory (absolute); openai: the endpoint and the served model's name; es-server: the endpoints. */
  readonly llm: { readonly backend: string; readonly model?: string; readonly endpoint?: readonly string[] };
  readonly sampling: SamplingOptions;
  readonly recorded: {
    /** A problem of the user's own: the module it was loaded from (file URL), so resume, report and export find it. */
    readonly problemSource?: string;
    /** The model's own name (the onnx directory's name, `openai:<name>`, what an ES server reports). */
    readonly model: string;
    readonly promptStyle: string;
    /** ES runs: the fingerprint of the base weights (resume and replay check it). */
    readonly baseFingerprint?: string;
  };
}

/** config.json of a run made of these facts. */
export function storedConfig(facts: RunFacts): StoredRunConfig {
  const { backend, source } = facts.llm;
  const llm =
    backend === 'onnx'
      ? { backend, model: source }
      : { backend, ...(backend === 'openai' && { model: facts.modelName.replace(/^openai:/, '') }), endpoint: source.split(' ') };
  return {
    version: STORED_CONFIG_VERSION,
    problem: facts.problem,
    search: { scaffold: facts.scaffold, budget: facts.budget, seed: facts.seed, ...(facts.m2 === 'numbers' && { m2: facts.m2 }) },
    es: { enabled: facts.es, ...(facts.es && facts.esParams) },
    llm,
    sampling: { ...facts.sampling, stop: [...facts.sampling.stop] },
    recorded: {
      ...(facts.problemSource && { problemSource: facts.problemSource }),
      model: facts.modelName,
      promptStyle: facts.promptStyle,
      ...(facts.baseFingerprint && { baseFingerprint: facts.baseFingerprint }),
    },
  };
}

const storedSchema = z.strictObject({
  version: z.literal(STORED_CONFIG_VERSION),
  problem: z.string().min(1),
  search: z.strictObject({
    scaffold: z.string().min(1),
    budget: z.number().int().min(1),
    seed: z.number().int().min(0),
    m2: z.literal('numbers').optional(),
  }),
  // The same ES section as a config file's (a preset is resolved before a run records it).
  es: runConfigSchema.shape.es.unwrap().extend({ enabled: z.boolean() }),
  llm: z.strictObject({ backend: z.string().min(1), model: z.string().optional(), endpoint: z.array(z.string()).optional() }),
  sampling: z.strictObject({ temperature: z.number(), topP: z.number(), topK: z.number(), maxNewTokens: z.number(), stop: z.array(z.string()) }),
  recorded: z.strictObject({
    problemSource: z.string().min(1).optional(),
    model: z.string(),
    promptStyle: z.string(),
    baseFingerprint: z.string().min(1).optional(),
  }),
});

/** A config.json document of any version as the current one, or what is wrong with it. */
export function checkStoredConfig(value: unknown): StoredRunConfig | string {
  if (value === undefined) return 'not valid JSON';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an ahd run config (not a JSON object)';
  const version = (value as { version?: unknown }).version;
  if (version === undefined) {
    const converted = fromVersion1(value);
    return typeof converted === 'string' ? converted : storedConfig(converted);
  }
  if (version !== STORED_CONFIG_VERSION) return `version: ${JSON.stringify(version)} is not one this ahd reads (1 or ${STORED_CONFIG_VERSION})`;
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? (value as StoredRunConfig) : `not an ahd run config (${firstIssue(parsed.error, 'top level')})`;
}

/** How the run reached its model: the onnx model directory, or the endpoints separated by spaces. */
export const llmSource = (config: StoredRunConfig): string =>
  config.llm.backend === 'onnx' ? (config.llm.model ?? '') : (config.llm.endpoint ?? []).join(' ');

/** ` (m2: numbers)` for an EoH run with numbers-only m2, '' for the reference's m2: how reports and exports name the mode. */
export const m2Note = (config: StoredRunConfig): string => (config.search.m2 ? ` (m2: ${config.search.m2})` : '');

/** The ES parameters a run used (undefined: no ES). */
export function esParamsOf(es: StoredEs): EsParams | undefined {
  if (!es.enabled || es.alpha === undefined) return undefined;
  const { enabled: _, ...params } = es;
  return params as EsParams;
}

/**
 * A run's config.json as a run config document: what decided that run, so `ahd run --config <run>/config.json`
 * (with another --out, and --seed for another repetition) runs the same experiment, and a resume starts from it.
 */
export function storedDocument(config: StoredRunConfig): CheckedRunConfig {
  return {
    problem: config.recorded.problemSource ?? config.problem,
    search: { ...config.search, scaffold: config.search.scaffold as ScaffoldId },
    es: config.es,
    llm: { backend: config.llm.backend as BackendId, model: config.llm.model, endpoint: config.llm.endpoint && [...config.llm.endpoint] },
    sampling: { ...config.sampling, stop: [...config.sampling.stop] },
  };
}
