import { AhdError, ErrorCode } from '../errors.ts';
import { weightsFingerprint } from './fingerprint.ts';
import type { ModelIdentity } from './history.ts';
import { addNoiseOnGrid, type EsGrid, gridFor, gridStep, maxAbsPerTensor, snapToGrid } from './grid.ts';
import { checkBuffer, NOISE_MAX_ABS } from './noise.ts';
import { DEFAULT_SCOPE, type EsScope, tensorScales } from './scope.ts';
import type { Perturbation, WeightLayout } from './types.ts';

/**
 * ES over one in-process weight buffer: perturb(seed, sigma) adds sigma * eps(seed) in place, restore subtracts
 * it, update(seeds, z, alpha) adds (alpha / N) * sum_i z_i * eps(seeds_i). No weight copy is kept.
 *
 * Exactness: all three go through the fixed-point grid of grid.ts, so restore returns the weights bit for bit,
 * every replica built from the same base weights stays identical, and replaying only the updates rebuilds the
 * live weights exactly. Constructing a WeightsEs rounds the weights onto that grid once (in place).
 *
 * Only one perturbation may be active; update is refused while one is.
 */
export class WeightsEs {
  readonly weights: Float32Array;
  readonly layout: WeightLayout;
  readonly grid: EsGrid;
  /** Fingerprint of the base weights once on the grid: identifies the model a history belongs to. */
  readonly baseFingerprint: string;
  readonly scope: EsScope;
  /** Per-tensor noise multipliers of the scope (scope.ts), from the base weights once on the grid. */
  readonly scales: Float64Array;
  #active: Perturbation | null = null;
  #maxAbs: Float64Array;

  constructor(weights: Float32Array, layout: WeightLayout, scope: EsScope = DEFAULT_SCOPE) {
    checkBuffer(weights, layout);
    this.weights = weights;
    this.layout = layout;
    this.grid = gridFor(weights, layout);
    snapToGrid(weights, layout, this.grid);
    this.#maxAbs = maxAbsPerTensor(weights, layout);
    this.baseFingerprint = this.fingerprint();
    this.scope = scope;
    this.scales = tensorScales(weights, layout, scope);
  }

  /** Parameters ES moves (tensors in scope). */
  get paramsInScope(): number {
    return this.layout.tensors.reduce((n, slot, t) => n + (this.scales[t] > 0 ? slot.length : 0), 0);
  }

  get activePerturbation(): Perturbation | null {
    return this.#active;
  }

  perturb(seed: number, sigma: number): void {
    if (this.#active) {
      throw new AhdError(
        ErrorCode.Internal,
        `ES: perturbation seed ${this.#active.seed} is still active; restore it before perturbing with seed ${seed}`,
      );
    }
    // A negative sigma is the mirrored direction (antithetic sampling): theta - |sigma| * eps.
    if (!Number.isFinite(sigma)) throw new RangeError(`ES: sigma must be finite, got ${sigma}`);
    this.#checkRange(Math.abs(sigma));
    if (sigma !== 0) addNoiseOnGrid(this.weights, this.layout, this.grid, [seed], [sigma], 1, this.scales);
    this.#active = { seed, sigma };
  }

  restore(seed: number, sigma: number): void {
    const active = this.#active;
    if (!active || active.seed !== seed || active.sigma !== sigma) {
      const what = active ? `seed ${active.seed} sigma ${active.sigma} is active` : 'no perturbation is active';
      throw new AhdError(ErrorCode.Internal, `ES: cannot restore seed ${seed} sigma ${sigma}: ${what}`);
    }
    if (sigma !== 0) addNoiseOnGrid(this.weights, this.layout, this.grid, [seed], [sigma], -1, this.scales);
    this.#active = null;
  }

  /**
   * theta += (alpha / N) * sum_i z_i * eps(seeds_i), N = seeds.length (no division by sigma, as the reference),
   * each tensor's share times its scope scale. Returns the norm of the step taken (weight space).
   */
  update(seeds: readonly number[], z: readonly number[], alpha: number): number {
    if (this.#active) {
      throw new AhdError(ErrorCode.Internal, `ES: update refused while perturbation seed ${this.#active.seed} is active`);
    }
    if (seeds.length !== z.length) throw new RangeError(`ES update: ${seeds.length} seeds but ${z.length} z-scores`);
    if (!Number.isFinite(alpha)) throw new RangeError(`ES update: alpha must be finite, got ${alpha}`);
    if (seeds.length === 0) return 0;
    const n = seeds.length;
    const coeffs = z.map((zi) => (alpha / n) * zi);
    this.#checkStep(coeffs);
    const norm = addNoiseOnGrid(this.weights, this.layout, this.grid, seeds, coeffs, 1, this.scales);
    this.#maxAbs = maxAbsPerTensor(this.weights, this.layout);
    return norm;
  }

  /** What a history records about the model it belongs to. */
  identity(): ModelIdentity {
    return { base_fingerprint: this.baseFingerprint, n_tensors: this.layout.tensors.length, total_params: this.layout.totalLength };
  }

  fingerprint(): string {
    return weightsFingerprint(this.weights.subarray(0, this.layout.totalLength));
  }

  /** A perturbation that could push a weight past its tensor's range would not be exactly reversible: refuse it. */
  #checkRange(sigma: number): void {
    const tensor = this.#firstOutOfRange(sigma);
    if (tensor !== undefined) {
      throw new AhdError(
        ErrorCode.Model,
        `ES: sigma ${sigma} is too large for tensor ${this.layout.tensors[tensor].name} (max |w| ${this.#maxAbs[tensor]}, ` +
          `exact range ${this.grid.ranges[tensor]}); lower sigma`,
      );
    }
  }

  /**
   * An update step that is not finite, or could push a weight past its tensor's range, is refused before any
   * weight moves: |step| <= sum_i |c_i| * NOISE_MAX_ABS bounds it, since no noise value exceeds NOISE_MAX_ABS.
   */
  #checkStep(coeffs: readonly number[]): void {
    const reach = coeffs.reduce((a, c) => a + Math.abs(c), 0);
    const tensor = Number.isFinite(reach) ? this.#firstOutOfRange(reach) : 0;
    if (tensor !== undefined) {
      const where = Number.isFinite(reach) ? `would leave the exact range of tensor ${this.layout.tensors[tensor].name}` : 'is not finite';
      throw new AhdError(ErrorCode.Model, `ES: update refused: its step (sum of |alpha / N * z_i| = ${reach}) ${where}; weights unchanged`);
    }
  }

  /** The first tensor whose weights could leave its exact range under noise of scale `scale` (times its scope scale). */
  #firstOutOfRange(scale: number): number | undefined {
    const t = this.layout.tensors.findIndex((_, i) => {
      const range = this.grid.ranges[i];
      return this.#maxAbs[i] + scale * this.scales[i] * NOISE_MAX_ABS + gridStep(range) > range;
    });
    return t < 0 ? undefined : t;
  }
}
