import { describe, expect, it } from 'vitest';
import { addCombinedNoise, addNoise, fillNoise, forEachNoiseSum, NOISE_MAX_ABS, noiseAt } from '../../src/es/noise.ts';
import type { WeightLayout } from '../../src/es/types.ts';

const layout: WeightLayout = {
  tensors: [
    { name: 'a', offset: 0, length: 1000, dims: [10, 100] },
    { name: 'b', offset: 1000, length: 37, dims: [37] },
    { name: 'c', offset: 1037, length: 5000, dims: [50, 100] },
  ],
  totalLength: 6037,
};

describe('noise', () => {
  it('is pinned: these values must never change (histories of old runs replay through them)', () => {
    expect(noiseAt(0, 0, 0)).toBe(-0.7955864667892456);
    expect(noiseAt(1, 0, 0)).toBe(0.637283980846405);
    expect(noiseAt(2024, 3, 17)).toBe(2.010943651199341);
    expect(noiseAt(2147483646, 290, 8388607)).toBe(1.7165873050689697);
    expect(noiseAt(7, 0, 13224)).toBe(-3.640601396560669); // tail branch
  });

  it('does not depend on chunking or start offset', () => {
    const whole = new Float32Array(5000);
    fillNoise(whole, 99, 2, 0, 5000);
    const part = new Float32Array(777);
    fillNoise(part, 99, 2, 1234, 777);
    expect(Array.from(part)).toEqual(Array.from(whole.subarray(1234, 2011)));
    expect(noiseAt(99, 2, 4321)).toBe(whole[4321]);
  });

  it('looks standard normal and independent across seeds, tensors and neighbours', () => {
    const n = 200_000;
    const x = new Float32Array(n);
    const y = new Float32Array(n);
    const z = new Float32Array(n);
    fillNoise(x, 5, 0, 0, n);
    fillNoise(y, 6, 0, 0, n);
    fillNoise(z, 5, 1, 0, n);
    let s = 0, s2 = 0, s4 = 0, xy = 0, xz = 0, lag = 0, over2 = 0, max = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i];
      s += v; s2 += v * v; s4 += v ** 4; xy += v * y[i]; xz += v * z[i];
      if (i > 0) lag += v * x[i - 1];
      if (Math.abs(v) > 2) over2++;
      max = Math.max(max, Math.abs(v));
    }
    const se = 1 / Math.sqrt(n); // standard error of a mean of unit-variance terms
    expect(Math.abs(s / n)).toBeLessThan(5 * se);
    expect(Math.abs(s2 / n - 1)).toBeLessThan(5 * Math.SQRT2 * se);
    expect(Math.abs(s4 / n - 3)).toBeLessThan(5 * Math.sqrt(96) * se);
    expect(Math.abs(over2 / n - 0.0455)).toBeLessThan(0.003);
    for (const c of [xy, xz, lag]) expect(Math.abs(c / n)).toBeLessThan(5 * se);
    expect(max).toBeLessThanOrEqual(NOISE_MAX_ABS);
  });

  it('addNoise adds scale * eps per tensor with one float32 rounding', () => {
    const w = new Float32Array(layout.totalLength).map((_, i) => Math.sin(i));
    const before = Float32Array.from(w);
    addNoise(w, layout, 42, 1e-3);
    for (const [t, j] of [[0, 0], [0, 999], [1, 5], [2, 4999]]) {
      const slot = layout.tensors[t];
      expect(w[slot.offset + j]).toBe(Math.fround(before[slot.offset + j] + 1e-3 * noiseAt(42, t, j)));
    }
  });

  it('addCombinedNoise accumulates in float64 and rounds once', () => {
    const w = new Float32Array(layout.totalLength).fill(0.25);
    const seeds = [3, 17, 123456];
    const coeffs = [1e-4, -2e-4, 3e-5];
    addCombinedNoise(w, layout, seeds, coeffs);
    const j = 4000;
    const sum = seeds.reduce((acc, s, i) => acc + coeffs[i] * noiseAt(s, 2, j), 0);
    expect(w[1037 + j]).toBe(Math.fround(0.25 + sum));
    expect(() => addCombinedNoise(w, layout, [1], [1, 2])).toThrow(/1 seeds but 2 coefficients/);
  });

  it('forEachNoiseSum sums repeated seeds term by term, as if each were generated again', () => {
    // Mirrored pairs reach an update as [s, s, t, t]: the noise of a repeated seed is reused, not regenerated.
    const seeds = [9, 9, 4, 4, 9];
    const coeffs = [0.3, -0.7, 1e-3, 2e-3, 0.11];
    const got = new Map<number, number>();
    forEachNoiseSum(layout, seeds, coeffs, (t, base, sums, count) => {
      if (t === 2) for (let j = 0; j < count; j++) got.set(base - 1037 + j, sums[j]);
    });
    for (const j of [0, 1, 2345, 4999]) {
      let sum = 0;
      seeds.forEach((s, i) => (sum = i === 0 ? 0 + coeffs[i] * noiseAt(s, 2, j) : sum + coeffs[i] * noiseAt(s, 2, j)));
      expect(got.get(j)).toBe(sum);
    }
  });

  it('forEachNoiseSum hands sums of exactly +0 for zero terms and for no seeds, whatever it summed before', () => {
    const collect = (seeds: number[], coeffs: number[]) => {
      const out: number[] = [];
      forEachNoiseSum(layout, seeds, coeffs, (_t, _base, sums, count) => out.push(...sums.subarray(0, count)));
      return out;
    };
    expect(collect([5], [1e-3]).some((x) => x !== 0)).toBe(true);
    // 0 * a negative eps is -0; as a sum of terms it is +0, as it was when the first term was added to zeros.
    expect(collect([5], [0]).every((x) => Object.is(x, 0))).toBe(true);
    expect(collect([5], [1e-3]).some((x) => x !== 0)).toBe(true);
    expect(collect([], []).every((x) => Object.is(x, 0))).toBe(true);
  });

  it('rejects seeds outside [0, 2^31-1) and short buffers', () => {
    expect(() => noiseAt(2 ** 31 - 1, 0, 0)).toThrow(/seed/);
    expect(() => noiseAt(-1, 0, 0)).toThrow(/seed/);
    expect(() => noiseAt(1.5, 0, 0)).toThrow(/seed/);
    expect(() => addNoise(new Float32Array(10), layout, 1, 1)).toThrow(/layout needs 6037/);
  });
});
