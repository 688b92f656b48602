import type { Directions, EsSession } from '../core/types.ts';
import { usageError } from '../errors.ts';

/** The directions of one ES update and, per candidate, the direction it samples. */
export interface DirectionPlan {
  readonly directions: Directions;
  /** owner[k]: the direction candidate k is sampled under (k mod the direction count). */
  readonly owner: readonly number[];
  /** Candidates per direction asked for (at most `size`); their rewards are averaged into the direction's. */
  readonly perDirection: number;
}

/**
 * Spreads `size` candidates over directions with `perDirection` candidates each (fewer directions, each decoded
 * as one batch on a batching backend): size / perDirection directions, an even number of at least 2 when
 * antithetic. Candidate k samples direction k mod count.
 */
export function planDirections(es: EsSession, size: number, perDirection: number): DirectionPlan {
  if (es.params.antithetic && size < 2) throw usageError(`antithetic ES needs batches of at least 2 candidates, got ${size}`);
  const m = Math.max(1, Math.min(perDirection, size));
  let count = Math.max(1, Math.floor(size / m));
  if (es.params.antithetic) count = Math.max(2, count - (count % 2));
  const directions = es.directions(count);
  return { directions, owner: Array.from({ length: size }, (_, k) => k % count), perDirection: m };
}

/** One direction per candidate, as the reference (antithetic: mirrored pairs, an odd last one unpaired). */
export function oneDirectionEach(es: EsSession, size: number): DirectionPlan {
  return { directions: es.directions(size), owner: Array.from({ length: size }, (_, k) => k), perDirection: 1 };
}

/** Each direction's reward: the mean of its candidates' shaped rewards. */
export function directionRewards(plan: DirectionPlan, shaped: readonly number[]): number[] {
  return plan.directions.seeds.map((_, d) => mean(shaped.filter((_, k) => plan.owner[k] === d)));
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
