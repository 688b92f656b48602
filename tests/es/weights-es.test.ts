import { describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { gridStep } from '../../src/es/grid.ts';
import { addNoise, noiseAt } from '../../src/es/noise.ts';
import type { WeightLayout } from '../../src/es/types.ts';
import { WeightsEs } from '../../src/es/weights-es.ts';
import { createRng } from '../../src/ground/rng.ts';

function model(sizes: readonly number[], seed = 1): { weights: Float32Array; layout: WeightLayout } {
  let offset = 0;
  const tensors = sizes.map((length, i) => {
    const slot = { name: `t${i}`, offset, length, dims: [length] };
    offset += length;
    return slot;
  });
  const rng = createRng(seed);
  // Weight-like values: mostly ~0.02 (every 100th a tiny negative that rounds to zero on the grid), one tensor
  // of norm gains near 1, one of zeros.
  const weights = Float32Array.from({ length: offset }, (_, i) =>
    i < sizes[0]
      ? i % 100 === 0 ? -1e-9 : (rng.next() - 0.5) * 0.08
      : i < sizes[0] + sizes[1] ? 1 + (rng.next() - 0.5) * 0.1 : 0,
  );
  return { weights, layout: { tensors, totalLength: offset } };
}

const SIZES = [16_000, 3_000, 1_000];

describe('WeightsEs', () => {
  it('rounds the base weights onto the grid by at most half a step', () => {
    const { weights, layout } = model(SIZES);
    const before = Float32Array.from(weights);
    const es = new WeightsEs(weights, layout);
    layout.tensors.forEach((slot, t) => {
      const step = gridStep(es.grid.ranges[t]);
      for (let i = slot.offset; i < slot.offset + slot.length; i += 97) {
        expect(Math.abs(weights[i] - before[i])).toBeLessThanOrEqual(step / 2);
        expect(Number.isInteger(weights[i] / step)).toBe(true);
      }
      expect(Object.is(weights[slot.offset], -0)).toBe(false);
    });
    expect(es.grid.ranges).toEqual([1, 8, 1]); // max(1, 4 * max|w|) rounded up to a power of two
  });

  it('restores exactly after 1000 perturb/restore cycles (plain float addition drifts)', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    const base = Float32Array.from(weights);
    const plain = Float32Array.from(weights);
    for (let seed = 0; seed < 1000; seed++) {
      es.perturb(seed, 1e-3);
      es.restore(seed, 1e-3);
      addNoise(plain, layout, seed, 1e-3);
      addNoise(plain, layout, seed, -1e-3);
    }
    expect(weights).toEqual(base);
    let drift = 0;
    for (let i = 0; i < plain.length; i++) drift = Math.max(drift, Math.abs(plain[i] - base[i]));
    // Plain float32 drift is a random walk of half-ulp errors: ~1.4e-6 here (weights near 1, ulp 1.2e-7); see
    // benchmarks/es.ts for 1M weights. Bounded at 1% of sigma.
    expect(drift).toBeGreaterThan(0);
    expect(drift).toBeLessThan(1e-5);
  });

  it('perturbs by sigma * eps up to the grid step', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    const base = Float32Array.from(weights);
    es.perturb(77, 1e-3);
    expect(es.activePerturbation).toEqual({ seed: 77, sigma: 1e-3 });
    for (const [t, j] of [[0, 5], [1, 2999], [2, 0]]) {
      const i = layout.tensors[t].offset + j;
      expect(Math.abs(weights[i] - base[i] - 1e-3 * noiseAt(77, t, j))).toBeLessThanOrEqual(gridStep(es.grid.ranges[t]));
    }
  });

  it('applies the update (alpha / N) sum z_i eps_i', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    const base = Float32Array.from(weights);
    es.update([3, 4], [1, -0.5], 5e-4);
    const i = 123;
    const expected = base[i] + (5e-4 / 2) * (noiseAt(3, 0, i) - 0.5 * noiseAt(4, 0, i));
    expect(Math.abs(weights[i] - expected)).toBeLessThanOrEqual(gridStep(1));
    expect(es.fingerprint()).not.toBe(es.baseFingerprint);
  });

  it('enforces one active perturbation and refuses updates while one is active', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    es.perturb(1, 1e-3);
    expect(() => es.perturb(2, 1e-3)).toThrow(AhdError);
    expect(() => es.update([1], [1], 5e-4)).toThrow(/update refused while perturbation seed 1 is active/);
    expect(() => es.restore(2, 1e-3)).toThrow(/cannot restore seed 2/);
    es.restore(1, 1e-3);
    expect(() => es.restore(1, 1e-3)).toThrow(/no perturbation is active/);
    es.perturb(2, 0); // sigma 0 (last cosine step) is a perturbation too
    expect(() => es.update([2], [1], 5e-4)).toThrow(AhdError);
    es.restore(2, 0);
  });

  it('refuses a sigma whose perturbation could leave the exact range', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    expect(() => es.perturb(1, 0.5)).toThrow(/sigma 0.5 is too large for tensor t0/);
    expect(es.activePerturbation).toBeNull();
  });

  it('refuses an update whose step is not finite or could leave the exact range, weights untouched', () => {
    const { weights, layout } = model(SIZES);
    const es = new WeightsEs(weights, layout);
    const base = Float32Array.from(weights);
    expect(() => es.update([1, 2], [1e308, -1e308], 1e308)).toThrow(/update refused: .* is not finite; weights unchanged/);
    expect(() => es.update([1, 2], [1, -1], 0.2)).toThrow(/would leave the exact range of tensor t0/);
    expect(weights).toEqual(base);
    es.update([1, 2], [1, -1], 5e-4); // a normal step still goes through
    expect(weights).not.toEqual(base);
  });

  it('keeps replicas bit-identical whatever directions each one perturbs', () => {
    const a = model(SIZES);
    const b = model(SIZES);
    const esA = new WeightsEs(a.weights, a.layout);
    const esB = new WeightsEs(b.weights, b.layout);
    for (let seed = 10; seed < 16; seed++) {
      const es = seed % 2 ? esA : esB; // directions spread over two replicas
      es.perturb(seed, 1e-3);
      es.restore(seed, 1e-3);
    }
    for (const es of [esA, esB]) es.update([10, 11, 12, 13, 14, 15], [1, -1, 0.5, 0, 2, -2.5], 5e-4);
    expect(a.weights).toEqual(b.weights);
  });
});
