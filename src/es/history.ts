import { firstIssue } from '../ground/zod-issue.ts';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeJsonAtomic } from '../ground/json-files.ts';
import { AHD_NOISE, NOISE_IDS, type NoiseId } from '../ground/noise-id.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import { DEFAULT_SCOPE, type EsScope, PARAMETER_SCOPES, SIGMA_SCALES, isDefaultScope } from './scope.ts';

/**
 * history.json: one record per ES update with the reference's field names, inside a header that says what the
 * records replay onto (format version, noise generator, exact-weights scheme, run seed, base model identity).
 * Rewritten atomically after every update; read back with full validation.
 */

export const HISTORY_FORMAT = 'ahd-es-history';
export const HISTORY_VERSION = 1;
/** The noise generator of noise.ts and the weight grid of grid.ts: a history replays only onto the same pair. */
export const NOISE_ID = AHD_NOISE;
export const WEIGHTS_ID = 'grid24-v1';
/**
 * Weights of a torch server: moved in place in their own dtype (servers/ahd_es_servers/es_core.py, the reference's
 * servers).
 */
export const IN_PLACE_WEIGHTS = 'in-place';

const seed = z.number().int().min(0).max(2 ** 31 - 2);
const finite = z.number().refine(Number.isFinite, 'must be finite');
const count = z.number().int().min(0);

const recordSchema = z.strictObject({
  update_index: count,
  generation: count,
  operator: z.string().min(1),
  seeds: z.array(seed),
  /** Shaped rewards before normalisation. */
  rewards: z.array(finite),
  alpha: finite,
  sigma: z.number().min(0),
  sigma_start: z.number().min(0),
  sigma_end: z.number().min(0),
  sigma_schedule: z.enum(['cosine', 'constant']),
  sigma_warmup_steps: z.literal(0),
  reward_normalization: z.enum(['zscore', 'centered_rank']),
  reward_normalization_ddof: z.literal(0),
  reward_normalization_eps: z.literal(1e-8),
  invalid_reward_strategy: z.literal('current'),
  engine_count: count,
  generation_concurrency: count,
  evaluation_concurrency: count,
  update_applied: z.boolean(),
  /** Live weights after this update (when the run had it): replay checks it. */
  weights_fingerprint: z.string().optional(),
  /** Antithetic runs: +1 / -1 per direction (seeds come in mirrored pairs); the update uses z_i * signs_i. */
  signs: z.array(z.union([z.literal(1), z.literal(-1)])).optional(),
  /** Candidates sampled per direction (their rewards averaged into the direction's reward). */
  samples_per_direction: z.number().int().min(1).optional(),
  /** What the update saw and did, for the learning curve (ahd report); not needed to replay. */
  stats: z
    .strictObject({
      /** Mean and best train objective (natural sign) of the valid perturbed candidates; null if none was valid. */
      objective_mean: z.number().nullable(),
      objective_best: z.number().nullable(),
      valid_share: z.number().min(0).max(1),
      /** Norm of the weight step (undefined where the backend cannot tell). */
      step_norm: z.number().min(0).optional(),
      /** Share of perturbed answers that differ from the unperturbed answer for the same sampler seed (--es-diagnostics). */
      differ_share: z.number().min(0).max(1).optional(),
    })
    .optional(),
});

const modelSchema = z.strictObject({
  /** Fingerprint of the base weights once on the ES grid (WeightsEs.baseFingerprint). */
  base_fingerprint: z.string().min(1),
  n_tensors: count,
  total_params: count,
});

const historySchema = z.strictObject({
  format: z.literal(HISTORY_FORMAT),
  version: z.literal(HISTORY_VERSION),
  noise: z.enum(NOISE_IDS),
  weights: z.enum([WEIGHTS_ID, IN_PLACE_WEIGHTS]),
  run_seed: z.number().int(),
  model: modelSchema,
  /** What ES moved and its sigma unit (scope.ts); absent in older histories: every tensor, absolute. */
  es_scope: z.strictObject({ parameter_scope: z.enum(PARAMETER_SCOPES), sigma_scale: z.enum(SIGMA_SCALES) }).optional(),
  /**
   * Warm start: the run whose tuned weights these updates start from (model.base_fingerprint is then theirs, not
   * the base model's); replay replays that run's lineage first.
   */
  init_from: z.string().min(1).optional(),
  records: z.array(recordSchema),
});

export type HistoryRecord = z.infer<typeof recordSchema>;
export type ModelIdentity = z.infer<typeof modelSchema>;
export type EsHistory = z.infer<typeof historySchema>;

export function createHistory(
  runSeed: number,
  model: ModelIdentity,
  scope: EsScope = DEFAULT_SCOPE,
  noise: NoiseId = NOISE_ID,
  initFrom?: string,
): EsHistory {
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    noise,
    weights: noise === NOISE_ID ? WEIGHTS_ID : IN_PLACE_WEIGHTS,
    run_seed: runSeed,
    model,
    ...(isDefaultScope(scope) ? {} : { es_scope: { parameter_scope: scope.parameterScope, sigma_scale: scope.sigmaScale } }),
    ...(initFrom && { init_from: initFrom }),
    records: [],
  };
}

/** The scope a history was recorded with. */
export function historyScope(history: EsHistory): EsScope {
  const s = history.es_scope;
  return s ? { parameterScope: s.parameter_scope, sigmaScale: s.sigma_scale } : DEFAULT_SCOPE;
}

/** The coefficients of a record's update: z_i times the direction's sign (antithetic pairs). */
export function signedZ(record: HistoryRecord, z: readonly number[]): number[] {
  return z.map((zi, i) => zi * (record.signs?.[i] ?? 1));
}

/** A new history with the record appended; its update_index must continue the sequence. */
export function appendRecord(history: EsHistory, record: HistoryRecord): EsHistory {
  if (record.update_index !== history.records.length) {
    throw new AhdError(
      ErrorCode.History,
      `history: record update_index ${record.update_index} does not follow ${history.records.length - 1}`,
    );
  }
  return { ...history, records: [...history.records, record] };
}

/** Atomic rewrite (temp file, fsync, rename): a crash leaves the previous or the new history, never a mix. */
export function writeHistory(path: string, history: EsHistory): void {
  writeJsonAtomic(path, history);
}

/** A history.json on disk (a run's, read by its run directory's readers: engine/run-dir/history-file.ts). */
export function readHistory(path: string): EsHistory {
  return parseHistory(existsSync(path) ? readFileSync(path, 'utf8') : undefined, path);
}

/**
 * history.json's text (undefined: there is none), checked; `path` names it in errors (a run's file on disk or in
 * its study's runs.zip).
 */
export function parseHistory(text: string | undefined, path: string): EsHistory {
  if (text === undefined) throw new AhdError(ErrorCode.History, `${path}: no ES history (was this an --es run?)`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new AhdError(ErrorCode.History, `${path}: not valid JSON (truncated?)`, { cause: error });
  }
  const parsed = historySchema.safeParse(raw);
  if (!parsed.success) {
    throw new AhdError(ErrorCode.History, `${path}: ${firstIssue(parsed.error, '(top level)')}`, { context: { issues: parsed.error.issues } });
  }
  parsed.data.records.forEach((r, i) => {
    if (r.update_index !== i) throw new AhdError(ErrorCode.History, `${path}: records.${i}.update_index is ${r.update_index}, expected ${i}`);
    if (r.seeds.length !== r.rewards.length) {
      throw new AhdError(ErrorCode.History, `${path}: records.${i} has ${r.seeds.length} seeds but ${r.rewards.length} rewards`);
    }
    if (r.signs && (r.signs.length !== r.seeds.length || r.seeds.some((s, k) => s !== r.seeds[k - (k % 2)]))) {
      throw new AhdError(ErrorCode.History, `${path}: records.${i}.signs must pair every seed with its mirror`);
    }
  });
  return parsed.data;
}

/** Refuses to replay a history onto a model other than the one it was recorded on. */
export function checkHistoryModel(history: EsHistory, model: ModelIdentity, source: string): void {
  const want = history.model;
  const fields = ['n_tensors', 'total_params', 'base_fingerprint'] as const;
  for (const field of fields) {
    if (want[field] !== model[field]) {
      throw new AhdError(
        ErrorCode.History,
        `history was recorded on another model: ${field} ${want[field]} in history, ${model[field]} in ${source}`,
      );
    }
  }
}
