import { InvalidSolution } from '../types.ts';
import type { FastRng } from './fast-rng.ts';

/**
 * The sampling core shared by the TSP and CVRP ant colonies. A colony works in one precision (float32 or
 * float64, as the reference's tensors do); storing into the typed arrays rounds every product to it.
 */
export type Matrix = Float32Array | Float64Array;

/** Largest finite float32: a row mass above it is +Infinity in a float32 solver. */
export const FLOAT32_MAX = 3.4028234663852886e38;

export interface AcoParams {
  readonly ants: number;
  readonly iterations: number;
  readonly decay: number;
}

/** The reference's colony: 30 ants, 100 iterations, pheromone decay 0.9 (alpha = beta = 1). */
export const ACO_DEFAULTS: AcoParams = { ants: 30, iterations: 100, decay: 0.9 };

/**
 * weights = pheromone * heuristic (alpha = beta = 1), computed once per iteration since pheromone only changes
 * between iterations. badRow[i] = 1 when row i holds a non-finite weight: the reference checks the whole row an
 * ant stands on (masked entries included, inf * 0 = NaN), so an ant leaving node i then makes the candidate invalid.
 */
export function computeWeights(tau: Matrix, heuristic: Matrix, weights: Matrix, badRow: Uint8Array, n: number): void {
  for (let i = 0; i < n; i++) {
    let bad = 0;
    const row = i * n;
    for (let j = row; j < row + n; j++) {
      weights[j] = tau[j] * heuristic[j];
      const w = weights[j]; // read back: a float32 store may overflow to Infinity
      if (w - w !== 0) bad = 1; // NaN or +-Infinity
    }
    badRow[i] = bad;
  }
}

/**
 * Draws a position k in [0, count) with probability proportional to its weight, given the running sums
 * cumulative[k] = w[0] + ... + w[k] (callers fill them while listing the feasible moves, in one pass). Like a torch
 * Categorical over the masked row, a total that is not positive or overflows `maxMass` (the precision's largest
 * finite value) is invalid. Zero-weight positions are never drawn.
 */
export function drawCumulative(cumulative: Float64Array, count: number, rng: FastRng, maxMass: number): number {
  const mass = cumulative[count - 1];
  if (!(mass > 0 && mass <= maxMass)) throw new InvalidSolution(`ant transition weights sum to ${mass}`);
  const r = rng.next() * mass;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Multiplies every pheromone value by `decay` (in the colony's precision). */
export function evaporate(tau: Matrix, decay: number): void {
  const factor = tau instanceof Float32Array ? Math.fround(decay) : decay;
  for (let i = 0; i < tau.length; i++) tau[i] *= factor;
}
