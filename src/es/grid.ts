import { forEachNoiseSum } from './noise.ts';
import type { WeightLayout } from './types.ts';

/**
 * A per-tensor fixed-point grid that makes ES perturbations exactly reversible without keeping any copy.
 *
 * Float addition w + d rounds whenever the sum needs more significant bits than float32 has, so "add sigma*eps,
 * then subtract it" drifts. On a grid it cannot: tensor t gets a range R_t (a power of two) and a step
 * R_t * 2^-24; every weight is kept a multiple of the step, and every noise delta is rounded to a multiple of it.
 * While |w + d| <= R_t the sum is an integer multiple of the step with at most 24 significant bits, so float32
 * holds it exactly, and subtracting the same rounded delta gives w back bit for bit. Consequences:
 * - restore is exact, every replica stays bit-identical, and replay need only repeat the updates;
 * - the base weights are rounded onto the grid once (error <= step / 2, i.e. <= 2^-23 of the tensor's largest
 *   weight, or 3e-8 absolute; a thousandth of the default sigma and far below the reference's fp16 rounding);
 * - noise deltas are rounded to the step: a relative change of ~1e-4 at sigma 1e-3.
 * R_t = the smallest power of two >= max(1, 4 * max|w_t|): headroom for the perturbation and for weights that
 * grow during a run. WeightsEs checks the range before perturbing.
 */
export interface EsGrid {
  /** Per tensor (layout order): the range R_t, a power of two; step_t = R_t * 2^-24. */
  readonly ranges: readonly number[];
}

export const GRID_BITS = 24;
const HEADROOM = 4;

export const gridStep = (range: number) => range * 2 ** -GRID_BITS;

/**
 * Math.round(x), bit for bit (ties up, -0 where it gives -0), for finite x. V8 compiles Math.round to a call here
 * that costs ~9 ns, five times the rest of a noise pass's per-weight work; floor(x + 0.5) is one instruction, and
 * off by one only where x + 0.5 itself rounds up (0.49999999999999994, odd integers beyond 2^52): corrected.
 */
export function roundHalfUp(x: number): number {
  let r = Math.floor(x + 0.5);
  if (r - 0.5 > x) r -= 1;
  return r === 0 ? x * 0 : r;
}

/** Largest |w| per tensor. */
export function maxAbsPerTensor(weights: Float32Array, layout: WeightLayout): Float64Array {
  return Float64Array.from(layout.tensors, (slot) => {
    let max = 0;
    const end = slot.offset + slot.length;
    for (let i = slot.offset; i < end; i++) {
      const a = Math.abs(weights[i]);
      if (a > max) max = a;
    }
    return max;
  });
}

/** The grid for these (base) weights: a pure function of them, so replicas and replay derive the same grid. */
export function gridFor(weights: Float32Array, layout: WeightLayout): EsGrid {
  const ranges = Array.from(maxAbsPerTensor(weights, layout), (max) => {
    if (!Number.isFinite(max)) throw new RangeError('ES grid: weights contain NaN or infinity');
    return 2 ** Math.max(0, Math.ceil(Math.log2(HEADROOM * max)));
  });
  return { ranges };
}

/**
 * Rounds every weight to a multiple of its tensor's step (ties up; deterministic). Zeros come out as +0: a -0
 * would turn into +0 after a perturb/restore (x + -x is +0), a change of bits though not of value.
 */
export function snapToGrid(weights: Float32Array, layout: WeightLayout, grid: EsGrid): void {
  layout.tensors.forEach((slot, t) => {
    const step = gridStep(grid.ranges[t]);
    const inv = 1 / step;
    const end = slot.offset + slot.length;
    for (let i = slot.offset; i < end; i++) weights[i] = Math.round(weights[i] * inv) * step + 0;
  });
}

/**
 * weights += sign * roundToStep(scale_t * sum_i coeffs[i] * eps(seeds[i])), per element of tensor t (scale_t = 1
 * without `tensorScales`; 0 leaves the tensor alone). With sign -1 and the same seeds, coefficients and scales it
 * subtracts exactly the delta that sign +1 added. Returns the Euclidean norm of the delta added.
 */
export function addNoiseOnGrid(
  weights: Float32Array,
  layout: WeightLayout,
  grid: EsGrid,
  seeds: readonly number[],
  coeffs: readonly number[],
  sign: 1 | -1,
  tensorScales?: ArrayLike<number>,
): number {
  const steps = grid.ranges.map(gridStep);
  let squares = 0;
  forEachNoiseSum(
    layout,
    seeds,
    coeffs,
    (t, base, sums, count) => {
      const step = sign * steps[t];
      const inv = 1 / steps[t];
      // A local running sum (same order of additions): a captured variable written per element is boxed.
      let sq = squares;
      for (let j = 0; j < count; j++) {
        const delta = roundHalfUp(sums[j] * inv) * step;
        weights[base + j] += delta;
        sq += delta * delta;
      }
      squares = sq;
    },
    tensorScales,
  );
  return Math.sqrt(squares);
}
