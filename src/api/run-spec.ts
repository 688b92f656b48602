import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isProblemPath } from '../problems/index.ts';
import { z } from 'zod';
import { BACKEND_IDS, type BackendId } from '../llm/backends.ts';
import { recordedModelDir } from '../llm/onnx/bundled-model.ts';
import type { SamplingOptions } from '../llm/types.ts';
import { ES_PRESET_IDS, REFERENCE_ES, defaultEs, esPreset, type EsParams } from '../es/optimizer.ts';
import { PARAMETER_SCOPES, SIGMA_SCALES } from '../es/scope.ts';
import { readRunConfig, type RunConfig } from '../engine/run-dir/index.ts';
import { SCAFFOLD_IDS, type ScaffoldId } from '../core/types.ts';
import { MIN_BUDGET } from '../scaffolds/eoh/budget.ts';
import { usageError } from '../errors.ts';
import { parseOptions } from '../ground/parse-options.ts';

import { DEFAULT_BUDGET, DEFAULT_SEED } from './run-defaults.ts';

const count = (min: number) => z.coerce.number().int(`must be an integer`).min(min, `must be >= ${min}`);

/** `ahd run` flags as commander hands them over (absent flags are undefined: defaults are applied later). */
export const runFlagsSchema = z.object({
  problem: z.string().min(1).optional(),
  scaffold: z.enum(SCAFFOLD_IDS as [ScaffoldId, ...ScaffoldId[]], { message: `must be one of ${SCAFFOLD_IDS.join(', ')}` }).optional(),
  es: z.boolean().optional(),
  budget: count(MIN_BUDGET).optional(),
  model: z.string().min(1).optional(),
  llm: z.enum(BACKEND_IDS as [BackendId, ...BackendId[]], { message: `must be one of ${BACKEND_IDS.join(', ')}` }).optional(),
  endpoint: z.array(z.url({ message: 'must be a URL' })).optional(),
  seed: count(0).optional(),
  out: z.string().min(1).optional(),
  resume: z.boolean().optional(),
  json: z.boolean().optional(),
  temperature: z.coerce.number().min(0, 'must be >= 0').optional(),
  topP: z.coerce.number().gt(0, 'must be in (0, 1]').max(1, 'must be in (0, 1]').optional(),
  topK: count(0).optional(),
  maxNewTokens: count(1).optional(),
  /** Stop strings (no flag: config documents, and a run's config.json, carry them). */
  stop: z.array(z.string()).optional(),
  replicas: count(1).optional(),
  threads: count(1).optional(),
  alpha: z.coerce.number().positive('must be > 0').optional(),
  sigma: z.coerce.number().min(0, 'must be >= 0').optional(),
  sigmaSchedule: z.enum(['cosine', 'constant'], { message: 'must be cosine or constant' }).optional(),
  sigmaEnd: z.coerce.number().min(0, 'must be >= 0').optional(),
  alphaSchedule: z.enum(['constant', 'sigma'], { message: 'must be constant or sigma' }).optional(),
  esPreset: z.enum(ES_PRESET_IDS, { message: `must be one of ${ES_PRESET_IDS.join(', ')}` }).optional(),
  esScope: z.enum(PARAMETER_SCOPES, { message: `must be one of ${PARAMETER_SCOPES.join(', ')}` }).optional(),
  esSigmaScale: z.enum(SIGMA_SCALES, { message: `must be one of ${SIGMA_SCALES.join(', ')}` }).optional(),
  esAntithetic: z.boolean().optional(),
  esSamples: count(1).optional(),
  esEohPerDirection: count(1).optional(),
  // --es-crn alone is true (every direction), --es-crn pairs within mirrored pairs; 'all' says true by name.
  esCrn: z
    .union([z.boolean(), z.enum(['all', 'pairs'])], { message: 'must be all or pairs (or no value: all)' })
    .transform((v) => (v === 'all' ? true : v))
    .optional(),
  esNormalisation: z.enum(['zscore', 'centered_rank'], { message: 'must be zscore or centered_rank' }).optional(),
  esSampleReward: z.enum(['objective', 'rank'], { message: 'must be objective or rank' }).optional(),
  esSkipZeroSigma: z.boolean().optional(),
  esDiagnostics: z.boolean().optional(),
});
export type RunFlags = z.infer<typeof runFlagsSchema>;

/**
 * A run spec: everything a run is, as one document. The flags of `ahd run` in camelCase (`topP` for --top-p),
 * numbers as numbers or strings; `ahd run --config <file.json>` reads the same document, and `run(spec)` takes it.
 * Merge order: the defaults < the config file < the flags (the CLI), and on `resume` the stored config.json fills
 * what the spec leaves out.
 */
export type RunSpec = z.input<typeof runFlagsSchema>;

/**
 * A run's config.json as a run spec: every field that decided the run, so `ahd run --config <run>/config.json`
 * (with another --out, and --seed for another repetition) runs the same experiment. The base-weights fingerprint
 * is not a setting (resume checks it).
 */
export function specFromRunConfig(config: RunConfig): RunSpec {
  const { llm, sampling, esSettings } = config;
  const backend = llm.backend as BackendId;
  const es = esSettings && {
    alpha: esSettings.alpha,
    sigma: esSettings.sigma0,
    sigmaEnd: esSettings.sigmaEnd,
    sigmaSchedule: esSettings.schedule,
    alphaSchedule: esSettings.alphaSchedule,
    esNormalisation: esSettings.normalisation,
    esScope: esSettings.scope.parameterScope,
    esSigmaScale: esSettings.scope.sigmaScale,
    esAntithetic: esSettings.antithetic,
    esSamples: esSettings.samplesPerDirection,
    // Absent means one direction per candidate; said explicitly, since EoH's default shares directions now.
    esEohPerDirection: esSettings.eohCandidatesPerDirection ?? (config.scaffold === 'eoh' ? 1 : undefined),
    esCrn: esSettings.commonRandomNumbers,
    esSampleReward: esSettings.sampleReward,
    esSkipZeroSigma: esSettings.skipZeroSigmaUpdate,
  };
  return {
    problem: config.problemSource ?? config.problem,
    scaffold: config.scaffold as ScaffoldId,
    es: config.es,
    budget: config.budget,
    seed: config.seed,
    llm: backend,
    ...(backend === 'onnx' ? { model: llm.source } : { endpoint: llm.source.split(' '), ...(backend === 'openai' && { model: llm.model.replace(/^openai:/, '') }) }),
    temperature: sampling.temperature,
    topP: sampling.topP,
    topK: sampling.topK,
    maxNewTokens: sampling.maxNewTokens,
    stop: [...sampling.stop],
    ...es,
  };
}

/** The fields of a run spec document (`json` and `out` included: a config file may name them too). */
export const RUN_SPEC_FIELDS: readonly string[] = Object.keys(runFlagsSchema.shape);

/** Checks a spec; the first problem is a one-line usage error naming the field as its flag. */
export function parseRunSpec(spec: RunSpec): RunFlags {
  return parseOptions(runFlagsSchema, spec);
}

/** What `ahd run` does, flags merged with (on --resume) the run's stored config and then the defaults. */
export interface RunSettings {
  readonly problem: string;
  readonly scaffold: ScaffoldId;
  readonly budget: number;
  readonly seed: number;
  readonly es?: EsParams;
  readonly backend: BackendId;
  /** onnx: the model dir (undefined: the bundled model); openai / es-server: the endpoint URLs. */
  readonly source?: string;
  /** onnx on --resume of a run whose model has moved: the path its config.json records (kept as it is). */
  readonly recordedSource?: string;
  readonly endpoints: readonly string[];
  /** openai: the model name sent to the server. */
  readonly modelName?: string;
  /** Sampling to use over the model's defaults. */
  readonly sampling: (defaults: SamplingOptions) => SamplingOptions;
  readonly dir: string;
  readonly resume: boolean;
  readonly json: boolean;
  readonly replicas?: number;
  readonly threads?: number;
  /** Record each ES update's differ share (unperturbed twins of the perturbed candidates; costs generation). */
  readonly esDiagnostics: boolean;
}

/**
 * Resolves the flags. On --resume, unset flags come from the run's config.json (so `ahd run --resume --out <dir>`
 * is enough); flags that are set must agree with it, which the engine checks field by field.
 */
export function resolveRunSettings(flags: RunFlags, now = new Date()): RunSettings {
  if (flags.resume && !flags.out) throw usageError('--resume needs --out <run-dir> (the run to continue)');
  const stored = flags.resume && flags.out ? readRunConfig(flags.out) : undefined;
  const problem = flags.problem ?? stored?.problemSource ?? stored?.problem;
  if (!problem) throw usageError('--problem is required (see ahd problems)');
  const scaffold = flags.scaffold ?? (stored?.scaffold as ScaffoldId | undefined);
  if (!scaffold) throw usageError(`--scaffold is required (${SCAFFOLD_IDS.join(' or ')})`);
  const budget = flags.budget ?? stored?.budget ?? DEFAULT_BUDGET;
  const seed = flags.seed ?? stored?.seed ?? DEFAULT_SEED;
  const withEs = flags.es ?? stored?.es ?? false;
  const backend = flags.llm ?? (stored?.llm.backend as BackendId | undefined) ?? 'onnx';
  const endpoints = flags.endpoint ?? (backend !== 'onnx' && stored ? stored.llm.source.split(' ') : []);
  const es = withEs ? resolveEs(flags, stored?.esSettings, backend, scaffold) : undefined;
  return {
    problem,
    scaffold,
    budget,
    seed,
    es,
    backend,
    ...(backend === 'onnx' ? onnxSource(flags.model, stored) : { source: endpoints.join(' ') }),
    endpoints,
    modelName: backend === 'onnx' ? undefined : (flags.model ?? stored?.llm.model.replace(/^openai:/, '')),
    sampling: (defaults) => ({
      ...(stored?.sampling ?? defaults),
      ...(flags.temperature !== undefined && { temperature: flags.temperature }),
      ...(flags.topP !== undefined && { topP: flags.topP }),
      ...(flags.topK !== undefined && { topK: flags.topK }),
      ...(flags.maxNewTokens !== undefined && { maxNewTokens: flags.maxNewTokens }),
      ...(flags.stop !== undefined && { stop: flags.stop }),
    }),
    dir: flags.out ?? join('runs', defaultRunName(runNameOf(problem), scaffold, withEs, budget, seed, now)),
    resume: flags.resume ?? false,
    json: flags.json ?? false,
    replicas: flags.replicas,
    threads: flags.threads,
    esDiagnostics: flags.esDiagnostics ?? false,
  };
}

/**
 * The model dir an onnx run loads, and on --resume the path config.json keeps recording: a run whose model has moved
 * (its recorded path is gone) resumes with it at its new place, `--model <dir>` or the bundled model of the same
 * name (recordedModelDir); config.json's model name, and an ES run's base fingerprint, still have to match.
 */
function onnxSource(model: string | undefined, stored: RunConfig | undefined): { source?: string; recordedSource?: string } {
  if (!stored || existsSync(stored.llm.source)) return { source: model ?? stored?.llm.source };
  const source = model ?? recordedModelDir(stored.llm.source, stored.llm.model, 'pass --model <dir> with that model to resume');
  return { source, recordedSource: stored.llm.source };
}

/** runs/<problem>-<scaffold>[-es]-b<budget>-s<seed>-<UTC yyyymmdd-hhmmss> */
export function defaultRunName(problem: string, scaffold: string, es: boolean, budget: number, seed: number, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${problem}-${scaffold}${es ? '-es' : ''}-b${budget}-s${seed}-${stamp}`;
}

/**
 * ES settings: the preset < the stored run's (on --resume) < single flags. Without a preset: the scaffold's
 * default (defaultEs) on the onnx backend; an ES model server moves its weights itself, without per-tensor scales,
 * so there the reference's settings are the default.
 */
function resolveEs(flags: RunFlags, stored: RunConfig['esSettings'], backend: BackendId, scaffold: ScaffoldId): EsParams {
  const base = flags.esPreset ? esPreset(flags.esPreset, scaffold) : backend === 'es-server' ? REFERENCE_ES : defaultEs(scaffold);
  // A resumed run keeps its stored settings; the one optional field it may lack (EoH candidates per direction)
  // then means 1, as when it started, not the default's value.
  const { baseFingerprint: _, ...storedParams } = stored ?? { baseFingerprint: '' };
  const { eohCandidatesPerDirection: _perDirection, ...required } = base;
  const from = flags.esPreset || !stored ? base : { ...required, ...storedParams };
  const scope = {
    parameterScope: flags.esScope ?? from.scope.parameterScope,
    sigmaScale: flags.esSigmaScale ?? from.scope.sigmaScale,
  };
  return {
    ...from,
    scope,
    ...(flags.alpha !== undefined && { alpha: flags.alpha }),
    ...(flags.sigma !== undefined && { sigma0: flags.sigma }),
    ...(flags.sigmaEnd !== undefined && { sigmaEnd: flags.sigmaEnd }),
    ...(flags.sigmaSchedule !== undefined && { schedule: flags.sigmaSchedule }),
    ...(flags.alphaSchedule !== undefined && { alphaSchedule: flags.alphaSchedule }),
    ...(flags.esNormalisation !== undefined && { normalisation: flags.esNormalisation }),
    ...(flags.esAntithetic !== undefined && { antithetic: flags.esAntithetic }),
    ...(flags.esSamples !== undefined && { samplesPerDirection: flags.esSamples }),
    ...(flags.esCrn !== undefined && { commonRandomNumbers: flags.esCrn }),
    ...(flags.esSampleReward !== undefined && { sampleReward: flags.esSampleReward }),
    ...(flags.esSkipZeroSigma !== undefined && { skipZeroSigmaUpdate: flags.esSkipZeroSigma }),
    ...(flags.esEohPerDirection !== undefined && { eohCandidatesPerDirection: flags.esEohPerDirection }),
  };
}

/** A problem's part of a run dir name: its id, or for a module path the file or folder name. */
function runNameOf(problem: string): string {
  return isProblemPath(problem) ? basename(resolve(problem)).replace(/\.(m?js|ts)$/, '').replace(/^index$/, basename(dirname(resolve(problem)))) : problem;
}
