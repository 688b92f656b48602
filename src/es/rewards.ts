import { centeredRanks } from './normalise.ts';

/**
 * Reward shaping, the one place it happens (evosax's fitness shaping): a batch of candidates' objectives
 * (minimised; non-finite = invalid) -> one reward per direction (maximised, finite). Each choice is a
 * candidate-level shaping and an aggregation over the direction's candidates: the reference's two modes
 * (EoH improvement, Sample negative objective) and choices aimed at the top, since the search keeps only the best
 * answer and a mean-rewarding update raises the typical answer more than the best one. The sign flips here, at the
 * ES edge, and nowhere else. Pure functions.
 */

export const REWARD_IDS = ['improvement', 'objective', 'rank', 'max', 'best-rank', 'exceed-best', 'exceed-quantile'] as const;
export type RewardId = (typeof REWARD_IDS)[number];

/** The quantile of the run's valid objectives that exceed-quantile measures from, unless told otherwise. */
export const DEFAULT_REWARD_QUANTILE = 0.1;

/** One ES update's candidates, as the reward sees them. */
export interface RewardBatch {
  /** Each candidate's minimised objective (non-finite = invalid). */
  readonly objectives: readonly number[];
  /** owner[k]: the direction candidate k was sampled under (0 .. directions - 1). */
  readonly owner: readonly number[];
  readonly directions: number;
  /** EoH: each candidate's parent objective (improvement). */
  readonly parents?: readonly number[];
  /** EoH: the worst finite objective of the population before this batch (improvement). */
  readonly worst?: number;
  /** Valid objectives of the run before this batch (exceedance): its running best and quantiles. */
  readonly seen?: readonly number[];
}

export interface RewardOptions {
  /** exceed-quantile: the quantile q in [0, 1] of the run's valid objectives that a candidate must beat. */
  readonly quantile?: number;
}

interface Shaping {
  /** Per candidate, maximised. */
  readonly candidate: (batch: RewardBatch, options: RewardOptions) => number[];
  /** How a direction's candidates make its reward: their mean, or their best (the top the search keeps). */
  readonly aggregate: 'mean' | 'max';
}

const SHAPINGS: Readonly<Record<RewardId, Shaping>> = {
  /** The reference's EoH+ES reward (mode "improvement", floor -1). */
  improvement: { candidate: (b) => improvementRewards(pairsOf(b), b.worst ?? NaN), aggregate: 'mean' },
  /** The reference's Sample+ES reward (mode "negative_objective"). */
  objective: { candidate: (b) => negativeObjectiveRewards(b.objectives), aggregate: 'mean' },
  /** Centered ranks in the batch (today's --es-sample-reward rank). */
  rank: { candidate: (b) => sampleRankRewards(b.objectives), aggregate: 'mean' },
  /** A direction's best sample, as a negative objective (a direction with no valid sample: the invalid floor). */
  max: { candidate: (b) => negativeObjectiveRewards(b.objectives), aggregate: 'max' },
  /** The centered rank, among every candidate of the batch, of the direction's best sample. */
  'best-rank': { candidate: (b) => sampleRankRewards(b.objectives), aggregate: 'max' },
  /** How far a sample beats the run's best so far (0 when it does not), averaged: an expected improvement. */
  'exceed-best': { candidate: (b) => exceedanceRewards(b.objectives, b.seen ?? [], 0), aggregate: 'mean' },
  /** The same over a quantile of the run's valid objectives so far. */
  'exceed-quantile': {
    candidate: (b, o) => exceedanceRewards(b.objectives, b.seen ?? [], o.quantile ?? DEFAULT_REWARD_QUANTILE),
    aggregate: 'mean',
  },
};

/** One reward per direction, shaped as `id` says. */
export function shapeRewards(id: RewardId, batch: RewardBatch, options: RewardOptions = {}): number[] {
  const { objectives, owner, directions } = batch;
  if (owner.length !== objectives.length) throw new RangeError(`rewards: ${objectives.length} objectives but ${owner.length} owners`);
  const shaping = SHAPINGS[id];
  const perCandidate = shaping.candidate(batch, options);
  return Array.from({ length: directions }, (_, d) => {
    const own = perCandidate.filter((_, k) => owner[k] === d);
    if (own.length === 0) throw new RangeError(`rewards: direction ${d} has no candidate`);
    return shaping.aggregate === 'max' ? Math.max(...own) : own.reduce((a, b) => a + b, 0) / own.length;
  });
}

/** The reward a scaffold uses when none is chosen: the reference's (Sample: objective, or rank when asked). */
export function scaffoldReward(params: { readonly reward?: RewardId; readonly sampleReward?: 'objective' | 'rank' }, scaffold: 'eoh' | 'sample'): RewardId {
  return params.reward ?? (scaffold === 'eoh' ? 'improvement' : (params.sampleReward ?? 'objective'));
}

/** One EoH+ES direction: the objective of the parent it was prompted with and of the child it produced. */
export interface ParentChild {
  readonly parent: number;
  readonly child: number;
}

function pairsOf(batch: RewardBatch): ParentChild[] {
  const { parents, objectives } = batch;
  if (!parents || parents.length !== objectives.length) throw new RangeError('rewards: improvement needs each candidate\'s parent objective');
  return objectives.map((child, k) => ({ parent: parents[k], child }));
}

/**
 * EoH+ES "improvement" with a floor: r = P - C for a valid child with C <= W; otherwise (invalid, or worse than
 * W, the worst finite objective of the population before this batch) C is replaced by min(W, P + 1), so such a
 * child scores max(P - W, -1). Without a finite W (no valid member) the floor is P + 1 and valid children are
 * not compared with it. A non-finite parent objective carries no signal: reward 0.
 */
export function improvementRewards(pairs: readonly ParentChild[], worst: number): number[] {
  const hasWorst = Number.isFinite(worst);
  return pairs.map(({ parent, child }) => {
    if (!Number.isFinite(parent)) return 0;
    if (Number.isFinite(child) && (!hasWorst || child <= worst)) return parent - child;
    return parent - (hasWorst ? Math.min(worst, parent + 1) : parent + 1);
  });
}

/**
 * Sample+ES "negative objective": valid r = -C; invalid r = min(valid r) - spread, spread = std(valid r, ddof 0),
 * or max(0.01 * |mean(valid r)|, 1) when that std is <= 1e-8. All invalid -> all zero (a zero update).
 */
export function negativeObjectiveRewards(objectives: readonly number[]): number[] {
  const valid = objectives.filter(Number.isFinite).map((c) => -c);
  if (valid.length === 0) return objectives.map(() => 0);
  const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
  const std = Math.sqrt(valid.reduce((a, r) => a + (r - mean) ** 2, 0) / valid.length);
  const spread = std <= 1e-8 ? Math.max(0.01 * Math.abs(mean), 1) : std;
  const floor = Math.min(...valid) - spread;
  return objectives.map((c) => (Number.isFinite(c) ? -c : floor));
}

/**
 * Sample+ES "rank": each candidate's centered rank in [-0.5, 0.5] among the batch by its negative objective, the
 * invalid ones tied below every valid one (they share the lowest shaped reward). All invalid -> all zero.
 */
export function sampleRankRewards(objectives: readonly number[]): number[] {
  return centeredRanks(negativeObjectiveRewards(objectives));
}

/**
 * Exceedance: r = max(0, R - C) for a valid candidate, 0 for an invalid one, where R is the q-quantile of the
 * run's valid objectives before this batch (q = 0: its running best). Before anything valid was seen, R comes from
 * the batch's own valid objectives, so the first update still has a reference. Nothing valid at all: all zero.
 */
export function exceedanceRewards(objectives: readonly number[], seen: readonly number[], q: number): number[] {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`rewards: quantile must be in [0, 1], got ${q}`);
  const history = seen.filter(Number.isFinite);
  const reference = history.length > 0 ? history : objectives.filter(Number.isFinite);
  if (reference.length === 0) return objectives.map(() => 0);
  const r = quantile(reference, q);
  return objectives.map((c) => (Number.isFinite(c) ? Math.max(0, r - c) : 0));
}

/** The q-quantile with linear interpolation between order statistics (numpy's default). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
}
