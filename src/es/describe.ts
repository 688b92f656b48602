import type { EsParams } from './optimizer.ts';
import { DEFAULT_REWARD_QUANTILE, scaffoldReward, type RewardId } from './rewards.ts';

/** ES settings as stored in config.json: the parameters, plus the base weights' fingerprint that is not one. */
type StoredEs = EsParams & { readonly baseFingerprint?: string };

/**
 * A canonical key of the ES parameters (the fingerprint left out): equal keys, equal ES. EoH candidates per
 * direction absent and 1 are the same setting, as are an alpha schedule absent and constant, and sample rewards
 * absent and objective (older configs leave them out). With `scaffold`, the other scaffold's parameters are left
 * out too (EoH never reads the samples per direction, common random numbers or sample rewards, Sample never reads
 * EoH's candidates per direction), so runs of one scaffold made under defaults that differ only in the other's
 * parameters are one setting. The ES arm absent and full are one, as are the reward absent and the scaffold's
 * reference reward (Sample's rank said by sampleReward or by reward), sameParent absent and false (EoH only) and a
 * reward quantile the reward does not read.
 */
export function esParamsKey(settings: StoredEs, scaffold?: string): string {
  const {
    baseFingerprint: _,
    eohCandidatesPerDirection: perDirection,
    alphaSchedule,
    samplesPerDirection,
    commonRandomNumbers,
    sampleReward,
    mode,
    reward,
    rewardQuantile,
    sameParent,
    ...params
  } = settings;
  // The reward a run used: absent is the scaffold's reference one (Sample: its older sampleReward, objective or rank).
  const used = scaffold === 'eoh' || scaffold === 'sample' ? scaffoldReward({ reward, sampleReward }, scaffold) : (reward ?? sampleReward);
  return JSON.stringify(
    sortKeys({
      ...params,
      ...(mode !== undefined && mode !== 'full' && { mode }),
      ...(used !== undefined && used !== 'improvement' && used !== 'objective' && { reward: used }),
      ...(used === 'exceed-quantile' && { rewardQuantile: rewardQuantile ?? DEFAULT_REWARD_QUANTILE }),
      ...(scaffold !== 'sample' && sameParent && { sameParent }),
      ...(scaffold !== 'eoh' && { samplesPerDirection, commonRandomNumbers }),
      ...(scaffold !== 'sample' && perDirection !== undefined && perDirection !== 1 && { eohCandidatesPerDirection: perDirection }),
      ...(alphaSchedule === 'sigma' && { alphaSchedule }),
    }),
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

/**
 * One line a reader understands: `alpha 0.05, sigma 0.1 -> 0 (cosine), of each tensor's RMS, scope late, ...`.
 * Settings read from an older run's config.json may lack later fields: those are left out. With the run's
 * scaffold, the other scaffold's lever (samples per direction for Sample, candidates per direction for EoH) is
 * left out too: it had no effect.
 */
export function describeEs(p: StoredEs, scaffold?: string): string {
  const { scope, samplesPerDirection: m } = p as Partial<StoredEs>;
  const parts = [`alpha ${p.alpha}${p.alphaSchedule === 'sigma' ? ' x sigma / sigma0' : ''}, sigma ${p.sigma0} -> ${p.sigmaEnd} (${p.schedule})`];
  if (scope) parts[0] += scope.sigmaScale === 'rms' ? ", of each tensor's RMS" : ', absolute';
  if (scope) parts.push(`scope ${scope.parameterScope}`);
  if (p.normalisation) parts.push(p.normalisation === 'zscore' ? 'z-scores' : 'centered ranks');
  if (p.antithetic !== undefined) parts.push(p.antithetic ? 'antithetic pairs' : 'independent directions');
  if (m !== undefined && scaffold !== 'eoh') parts.push(`${m} sample${m === 1 ? '' : 's'} per direction${CRN_TEXT[String(p.commonRandomNumbers)] ?? ''}`);
  if (p.sampleReward === 'rank' && scaffold !== 'eoh') parts.push("rewards ranked in each batch");
  if (p.eohCandidatesPerDirection && p.eohCandidatesPerDirection > 1 && scaffold !== 'sample') parts.push(`EoH ${p.eohCandidatesPerDirection} candidates per direction`);
  if (p.skipZeroSigmaUpdate !== undefined) parts.push(p.skipZeroSigmaUpdate ? 'no update at sigma 0' : 'an update at sigma 0');
  if (p.reward) parts.push(`rewards: ${REWARD_TEXT[p.reward]}${p.reward === 'exceed-quantile' ? ` ${p.rewardQuantile ?? DEFAULT_REWARD_QUANTILE}` : ''}`);
  if (p.sameParent && scaffold !== 'sample') parts.push('one parent per noise seed');
  if (p.initFrom) parts.push(`warm start from ${p.initFrom}`);
  if (p.mode === 'noise-only') parts.push('control: noise only (perturbed sampling, no update)');
  if (p.mode === 'update-only') parts.push('control: update only (the population from the unperturbed weights)');
  return parts.join(', ');
}

const REWARD_TEXT: Readonly<Record<RewardId, string>> = {
  improvement: 'improvement over the parent',
  objective: 'negative objective, averaged',
  rank: 'centered rank in the batch, averaged',
  max: "the direction's best sample",
  'best-rank': "rank of the direction's best sample in the batch",
  'exceed-best': "exceedance over the run's best",
  'exceed-quantile': "exceedance over the run's quantile",
};

const CRN_TEXT: Readonly<Record<string, string>> = { true: ' (common random numbers)', pairs: ' (common random numbers within mirrored pairs)' };
