import { usageError } from '../errors.ts';
import { createRng, deriveSeed, type RngState } from '../ground/rng.ts';
import type { HistoryRecord } from './history.ts';
import { type Normalisation, normalise, ZSCORE_DDOF, ZSCORE_EPS } from './normalise.ts';
import { REWARD_IDS, type RewardId } from './rewards.ts';
import { type SigmaSchedule, sigmaAt } from './schedule.ts';
import { DEFAULT_SCOPE, type EsScope } from './scope.ts';

/**
 * The ES strategy, in evosax's shape: init(seed) -> state, ask(state, n) -> directions, tell(state, seeds,
 * rewards, meta) -> update weights and the history record. State is plain JSON (the seed stream included), so a
 * resumed run continues the same stream. Applying the update is the model backend's job
 * (EsHandle.update(seeds, z, params.alpha)); this module only decides it.
 */

export interface EsParams {
  /** Step size: theta += (alpha / N) * sum_i z_i * eps_i (no division by sigma, as the reference). */
  readonly alpha: number;
  /**
   * 'sigma': each update's alpha is alpha * sigma / sigma0, so the step decays with the noise (late updates, whose
   * directions barely change the answers, are mostly sampling noise). Absent or 'constant': alpha throughout.
   */
  readonly alphaSchedule?: 'constant' | 'sigma';
  readonly sigma0: number;
  readonly sigmaEnd: number;
  readonly schedule: SigmaSchedule;
  readonly normalisation: Normalisation;
  /** What ES moves and the unit of sigma and alpha (scope.ts). */
  readonly scope: EsScope;
  /** Directions in mirrored pairs (+eps, -eps): half the seeds, and the pair's common noise cancels. */
  readonly antithetic: boolean;
  /** Sample: candidates per direction, rewards averaged (one batch per direction on a batching backend). EoH: 1. */
  readonly samplesPerDirection: number;
  /**
   * Sample: a candidate's reward before its direction's are averaged. Absent or 'objective': its negative objective
   * (invalid: below the worst valid, the reference's); 'rank': its centered rank among its batch's candidates
   * (invalid tied last), so one extreme objective cannot outweigh the direction's other samples.
   */
  readonly sampleReward?: 'objective' | 'rank';
  /**
   * EoH: m1/m2 candidates per direction (each its own parent), their rewards averaged; absent = 1, the reference's
   * one direction per candidate. Above 1 a direction's candidates decode as one batch.
   */
  readonly eohCandidatesPerDirection?: number;
  /**
   * Sample, common random numbers: true, sample j of every direction of an update uses the same sampler seed;
   * 'pairs', only the two directions of a mirrored pair share them (antithetic; without it nothing is shared);
   * false, every sample draws its own.
   */
  readonly commonRandomNumbers: boolean | 'pairs';
  /** No update when sigma is 0 (the last step of a cosine to 0): such an update only adds the directions' noise. */
  readonly skipZeroSigmaUpdate: boolean;
  /**
   * The run's arm: 'full' (absent) samples the run's candidates under the perturbations and updates from them;
   * the controls take one half away. 'noise-only': the same perturbed sampling on the same seeds and schedule, no
   * update (every step recorded with update_applied false, so the weights and their fingerprint stay the base's).
   * 'update-only': the update is estimated from perturbed samples that never enter the population; the run's own
   * candidates are the same prompts answered by the unperturbed current weights (twice the generations).
   */
  readonly mode?: EsMode;
  /** How a batch's objectives become one reward per direction (rewards.ts); absent: the scaffold's reference reward. */
  readonly reward?: RewardId;
  /** exceed-quantile: the quantile of the run's valid objectives so far that a sample must beat (absent: 0.1). */
  readonly rewardQuantile?: number;
  /**
   * EoH: every candidate of one noise seed (all k of a direction, both halves of a mirrored pair) shares one
   * prob-rank parent draw, so the rewards compare perturbations, not parents. Absent or false: one draw per
   * candidate, the reference's.
   */
  readonly sameParent?: boolean;
  /**
   * Warm start: the --es run (an absolute path) whose tuned weights this run starts from, its lineage replayed
   * (engine/warm-start.ts). Absent: the base model's weights, pure test-time search.
   */
  readonly initFrom?: string;
}

export const ES_MODES = ['full', 'noise-only', 'update-only'] as const;
export type EsMode = (typeof ES_MODES)[number];

/** The reference's settings (the paper's alpha 5e-4, sigma 1e-3 -> 0 on a cosine, z-scores, every tensor). */
export const REFERENCE_ES: EsParams = Object.freeze({
  alpha: 5e-4,
  sigma0: 1e-3,
  sigmaEnd: 0,
  schedule: 'cosine',
  normalisation: 'zscore',
  scope: DEFAULT_SCOPE,
  antithetic: false,
  samplesPerDirection: 1,
  commonRandomNumbers: false,
  skipZeroSigmaUpdate: false,
});

/**
 * What `ahd run --es` uses on the onnx backend unless told otherwise: sigma 0.1 and alpha 0.05 of each tensor's
 * RMS, antithetic pairs, 5 samples per direction, centered ranks, no update at sigma 0, no common random numbers
 * (with them the directions of an update write the same answers as sigma decays) and the late scope (the second
 * half of the blocks, the final norm and the head). Each was picked by a study; docs/es.md has them.
 */
export const DEFAULT_ES: EsParams = Object.freeze({
  ...REFERENCE_ES,
  alpha: 0.05,
  sigma0: 0.1,
  scope: Object.freeze({ parameterScope: 'late', sigmaScale: 'rms' }),
  normalisation: 'centered_rank',
  antithetic: true,
  samplesPerDirection: 5,
  commonRandomNumbers: false,
  skipZeroSigmaUpdate: true,
});

/**
 * EoH's default: DEFAULT_ES with each direction shared by 5 m1/m2 candidates (decoded as one batch, so EoH+ES runs
 * about as fast as EoH) and alpha divided by 5 with the directions, which keeps the update's length (docs/es.md).
 */
export const DEFAULT_ES_EOH: EsParams = Object.freeze({ ...DEFAULT_ES, alpha: 0.01, eohCandidatesPerDirection: 5 });

/** What `ahd run --es` uses for a scaffold on the onnx backend unless told otherwise. */
export const defaultEs = (scaffold: string): EsParams => (scaffold === 'eoh' ? DEFAULT_ES_EOH : DEFAULT_ES);

/** Named settings for `ahd run --es-preset`: the paper's, and ahd's default for the scaffold (docs/es.md). */
export const ES_PRESET_IDS = ['reference', 'default'] as const;
export const esPreset = (id: (typeof ES_PRESET_IDS)[number], scaffold: string): EsParams =>
  id === 'reference' ? REFERENCE_ES : defaultEs(scaffold);

export interface EsState {
  /** The direction-seed stream, createRng(deriveSeed(runSeed, 'es')). */
  readonly rng: RngState;
  /** Seeds drawn so far. */
  readonly draws: number;
  /** Updates told so far (the next record's update_index). */
  readonly updates: number;
}

/** Everything about an update that the strategy does not know by itself; recorded in history.json. */
export interface EsTellMeta {
  readonly generation: number;
  readonly operator: string;
  /** The sigma the directions were perturbed with. */
  readonly sigma: number;
  readonly engineCount: number;
  readonly generationConcurrency: number;
  readonly evaluationConcurrency: number;
  /** false for noise-only runs (perturbed sampling, no update). */
  readonly updateApplied?: boolean;
  /** Fingerprint of the live weights after this update, if the caller has it: replay checks it. */
  readonly weightsFingerprint?: string;
  /** Antithetic runs: the directions' signs (as ask gave them). */
  readonly signs?: readonly number[];
  /** Candidates the scaffold sampled per direction, their rewards averaged (default 1). */
  readonly samplesPerDirection?: number;
}

export interface EsTellResult {
  readonly state: EsState;
  /** The normalised rewards: pass them to EsHandle.update(seeds, z, alpha) when record.update_applied. */
  readonly z: number[];
  readonly record: HistoryRecord;
}

export interface EsStrategy {
  readonly params: EsParams;
  init(runSeed: number): EsState;
  /**
   * Seeds for the next n directions, integers in [0, 2^31 - 1); antithetic: ceil(n/2) seeds, each twice, with
   * signs +1, -1 (an odd n drops the last mirror).
   */
  ask(state: EsState, n: number): { seeds: number[]; signs?: number[]; state: EsState };
  /** Sigma of generation g of T (0-based). */
  sigma(g: number, T: number): number;
  tell(state: EsState, seeds: readonly number[], rewards: readonly number[], meta: EsTellMeta): EsTellResult;
}

export const SEED_LIMIT = 2 ** 31 - 1;

export function createEsStrategy(overrides: Partial<EsParams> = {}): EsStrategy {
  // Over the reference's settings: what a history record leaves out (replay asks for plain or mirrored streams) is theirs.
  const params: EsParams = Object.freeze({ ...REFERENCE_ES, ...overrides });
  checkParams(params);
  return {
    params,
    init: (runSeed) => {
      if (!Number.isInteger(runSeed)) throw new RangeError(`ES: run seed must be an integer, got ${runSeed}`);
      return { rng: createRng(deriveSeed(runSeed, 'es')).state(), draws: 0, updates: 0 };
    },
    ask: (state, n) => {
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`ES ask: n must be a non-negative integer, got ${n}`);
      const rng = createRng(0, state.rng);
      // Antithetic: pairs (s, +1), (s, -1); an odd n ends with an unpaired +1 direction.
      const draws = params.antithetic ? Math.ceil(n / 2) : n;
      const drawn = Array.from({ length: draws }, () => rng.int(SEED_LIMIT));
      const next = { ...state, rng: rng.state(), draws: state.draws + draws };
      if (!params.antithetic) return { seeds: drawn, state: next };
      return { seeds: drawn.flatMap((s) => [s, s]).slice(0, n), signs: drawn.flatMap(() => [1, -1]).slice(0, n), state: next };
    },
    sigma: (g, T) => sigmaAt(params.schedule, g, T, params.sigma0, params.sigmaEnd),
    tell: (state, seeds, rewards, meta) => {
      const signs = meta.signs;
      if (seeds.length !== rewards.length) {
        throw new RangeError(`ES tell: ${seeds.length} seeds but ${rewards.length} rewards`);
      }
      const z = normalise(rewards, params.normalisation);
      const record: HistoryRecord = {
        update_index: state.updates,
        generation: meta.generation,
        operator: meta.operator,
        seeds: [...seeds],
        rewards: [...rewards],
        alpha: alphaAt(params, meta.sigma),
        sigma: meta.sigma,
        sigma_start: params.sigma0,
        sigma_end: params.sigmaEnd,
        sigma_schedule: params.schedule,
        sigma_warmup_steps: 0,
        reward_normalization: params.normalisation,
        reward_normalization_ddof: ZSCORE_DDOF,
        reward_normalization_eps: ZSCORE_EPS,
        invalid_reward_strategy: 'current',
        engine_count: meta.engineCount,
        generation_concurrency: meta.generationConcurrency,
        evaluation_concurrency: meta.evaluationConcurrency,
        update_applied: meta.updateApplied ?? true,
        ...(meta.weightsFingerprint ? { weights_fingerprint: meta.weightsFingerprint } : {}),
        ...(signs ? { signs: signs.map((s) => (s < 0 ? -1 : 1) as 1 | -1) } : {}),
        ...((meta.samplesPerDirection ?? 1) > 1 ? { samples_per_direction: meta.samplesPerDirection } : {}),
      };
      return { state: { ...state, updates: state.updates + 1 }, z, record };
    },
  };
}

/** The alpha of an update made at this sigma (what the record stores and the update applies). */
function alphaAt(p: EsParams, sigma: number): number {
  return p.alphaSchedule === 'sigma' && p.sigma0 > 0 ? p.alpha * (sigma / p.sigma0) : p.alpha;
}

function checkParams(p: EsParams): void {
  const positive = (name: string, v: number, allowZero: boolean) => {
    if (!Number.isFinite(v) || v < 0 || (!allowZero && v === 0)) {
      throw usageError(`es.${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${v}`);
    }
  };
  positive('alpha', p.alpha, false);
  positive('sigma0', p.sigma0, true);
  positive('sigmaEnd', p.sigmaEnd, true);
  if (p.schedule !== 'cosine' && p.schedule !== 'constant') throw usageError(`es.schedule must be cosine or constant, got ${p.schedule}`);
  if (p.alphaSchedule !== undefined && p.alphaSchedule !== 'constant' && p.alphaSchedule !== 'sigma') {
    throw usageError(`es.alphaSchedule must be constant or sigma, got ${p.alphaSchedule}`);
  }
  if (p.sampleReward !== undefined && p.sampleReward !== 'objective' && p.sampleReward !== 'rank') {
    throw usageError(`es.sampleReward must be objective or rank, got ${p.sampleReward}`);
  }
  if (!Number.isInteger(p.samplesPerDirection) || p.samplesPerDirection < 1) {
    throw usageError(`es.samplesPerDirection must be an integer >= 1, got ${p.samplesPerDirection}`);
  }
  const perDirection = p.eohCandidatesPerDirection;
  if (perDirection !== undefined && (!Number.isInteger(perDirection) || perDirection < 1)) {
    throw usageError(`es.eohCandidatesPerDirection must be an integer >= 1, got ${perDirection}`);
  }
  if (p.mode !== undefined && !ES_MODES.includes(p.mode)) throw usageError(`es.mode must be one of ${ES_MODES.join(', ')}, got ${p.mode}`);
  if (p.reward !== undefined && !REWARD_IDS.includes(p.reward)) throw usageError(`es.reward must be one of ${REWARD_IDS.join(', ')}, got ${p.reward}`);
  const q = p.rewardQuantile;
  if (q !== undefined && !(q >= 0 && q <= 1)) throw usageError(`es.rewardQuantile must be a number in [0, 1], got ${q}`);
  if (p.normalisation !== 'zscore' && p.normalisation !== 'centered_rank') {
    throw usageError(`es.normalisation must be zscore or centered_rank, got ${p.normalisation}`);
  }
}
