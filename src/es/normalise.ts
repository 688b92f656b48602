/**
 * Reward normalisation: rewards (maximised) -> the weights z_i of the update sum. Pure functions.
 */

export type Normalisation = 'zscore' | 'centered_rank';

export const ZSCORE_DDOF = 0;
export const ZSCORE_EPS = 1e-8;

/**
 * z_i = (r_i - mean) / (std(r, ddof 0) + 1e-8), as the reference server. It computes in float32; here rewards
 * are rounded to float32 first, the statistics are formed in float64 and the z-scores rounded to float32, which
 * matches it up to the last float32 bit (its summation order is not reproducible anyway).
 */
export function zScores(rewards: readonly number[]): number[] {
  const n = rewards.length;
  if (n === 0) return [];
  const r = rewards.map(Math.fround);
  const mean = r.reduce((a, b) => a + b, 0) / n;
  const std = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - ZSCORE_DDOF));
  return r.map((x) => Math.fround((x - mean) / (std + ZSCORE_EPS)));
}

/**
 * Centered ranks in [-0.5, 0.5]: rank / (n - 1) - 0.5 with the lowest reward at -0.5; tied rewards share their
 * average rank, so the result does not depend on order. A single reward gets 0.
 */
export function centeredRanks(rewards: readonly number[]): number[] {
  const n = rewards.length;
  if (n <= 1) return rewards.map(() => 0);
  const order = rewards.map((_, i) => i).sort((a, b) => rewards[a] - rewards[b]);
  const ranks = new Array<number>(n);
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && rewards[order[end]] === rewards[order[start]]) end++;
    const rank = (start + end - 1) / 2;
    for (let k = start; k < end; k++) ranks[order[k]] = rank / (n - 1) - 0.5;
    start = end;
  }
  return ranks;
}

export function normalise(rewards: readonly number[], method: Normalisation): number[] {
  for (const r of rewards) if (!Number.isFinite(r)) throw new RangeError(`ES rewards must be finite, got ${r}`);
  return method === 'zscore' ? zScores(rewards) : centeredRanks(rewards);
}
