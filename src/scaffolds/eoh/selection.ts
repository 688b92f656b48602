import type { Rng } from '../../ground/rng.ts';

/** prob_rank weights for a population sorted best-first: rank r (0-based) weighs 1 / (r + 1 + |pop|). */
export function probRankWeights(size: number): number[] {
  return Array.from({ length: size }, (_, r) => 1 / (r + 1 + size));
}

/** Draws `k` parents with replacement, each with probability proportional to its prob_rank weight. */
export function probRank<T>(population: readonly T[], k: number, rng: Rng): T[] {
  if (population.length === 0) throw new RangeError('probRank: the population is empty');
  const weights = probRankWeights(population.length);
  const total = weights.reduce((a, b) => a + b, 0);
  const picks: T[] = [];
  for (let i = 0; i < k; i++) {
    let u = rng.next() * total;
    let r = 0;
    // Walk the cumulative weights; the last rank absorbs floating-point leftovers.
    while (r < weights.length - 1 && u >= weights[r]) {
      u -= weights[r];
      r++;
    }
    picks.push(population[r]);
  }
  return picks;
}
