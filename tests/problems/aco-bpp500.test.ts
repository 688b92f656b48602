import { describe, expect, it } from 'vitest';
import { acoBpp500, bppAcoInstance, bppPrior, scoreBppAco, type BppAcoData } from '../../src/problems/aco-bpp500/index.ts';
import { solveBppSample } from '../../src/problems/aco-bpp500/solver.ts';
import { InvalidSolution, type ScoreContext } from '../../src/problems/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';

const data = (demands: number[]) => bppAcoInstance(demands).data as BppAcoData;
const lowerBound = (d: BppAcoData) => Math.ceil(d.demands.reduce((a, b) => a + b, 0) / d.capacity);

/** Every row = demand / max(demand), the seed heuristic's matrix. */
function seedMatrix(d: BppAcoData): Float64Array {
  const n = d.demands.length;
  const max = Math.max(...d.demands);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = d.demands[j] / max;
  return out;
}

describe('BPP sample solver', () => {
  it('finds a known optimum and never goes below the volume bound', () => {
    const small = data([100, 50, 100, 50, 75, 75, 30, 120]);
    expect(scoreBppAco(seedMatrix(small), small, 'search', 1)).toBe(4);
    const [train] = acoBpp500.loadSplit('train');
    const d = train.data as BppAcoData;
    const bins = scoreBppAco(seedMatrix(d), d, 'search', 1, 10);
    expect(bins).toBeGreaterThanOrEqual(lowerBound(d));
    expect(bins).toBeLessThan(lowerBound(d) * 1.05);
  });

  it('greedily completes bins: pairs that fill a bin exactly are found with one sample', () => {
    // Only x + (150 - x) pairs fill bins; any first item has its unique complement, the best fit.
    const pairs = data([10, 140, 20, 130, 30, 120, 40, 110, 50, 100]);
    const complement = new Float64Array(100);
    for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) complement[i * 10 + j] = pairs.demands[i] + pairs.demands[j] === 150 ? 1 : 0;
    expect(solveBppSample(pairs.demands, 150, bppPrior(complement), 3, 1)).toBe(5);
  });

  it('is deterministic for a seed and depends on it', () => {
    const [train] = acoBpp500.loadSplit('train');
    const d = train.data as BppAcoData;
    const n = d.demands.length;
    const noisy = Float64Array.from({ length: n * n }, (_, k) => ((k * 7919) % 1000) / 1000);
    const run = (seed: number) => scoreBppAco(noisy, d, 'search', seed, 3);
    expect(run(2)).toBe(run(2));
    expect(new Set([1, 2, 3, 4, 5, 6].map(run)).size).toBeGreaterThan(1);
  });

  it('prepares the prior like the reference: clip to [1e-6, 1e6], divide by the maximum, floor 1e-6', () => {
    expect(Array.from(bppPrior(Float64Array.from([2e6, 5e5, -1, 1e-9])))).toEqual([1, 0.5, 1e-6, 1e-6]);
  });
});

describe('aco-bpp500 trusted score', () => {
  const small = data([60, 70, 80, 90, 40]);
  const withEntry = (v: number) => {
    const raw = seedMatrix(small);
    raw[6] = v;
    return raw;
  };

  it('rejects a wrong size in both modes', () => {
    const [instance] = acoBpp500.loadSplit('train');
    const ctx: ScoreContext = { mode: 'search', split: 'train', index: 0, size: 500 };
    expect(() => acoBpp500.score(new Float64Array(500), instance, ctx)).toThrow(InvalidSolution);
    expect(() => acoBpp500.score(new Float64Array(500), instance, { ...ctx, mode: 'test' })).toThrow(InvalidSolution);
  });

  it('search: NaN, +Infinity or a non-positive maximum are invalid; -Infinity is clipped', () => {
    expect(() => scoreBppAco(withEntry(NaN), small, 'search', 1)).toThrow(InvalidSolution);
    expect(() => scoreBppAco(withEntry(Infinity), small, 'search', 1)).toThrow(InvalidSolution);
    expect(() => scoreBppAco(new Float64Array(25), small, 'search', 1)).toThrow(InvalidSolution);
    expect(() => scoreBppAco(new Float64Array(25).fill(-1), small, 'search', 1)).toThrow(InvalidSolution);
    expect(scoreBppAco(withEntry(-Infinity), small, 'search', 1)).toBeGreaterThanOrEqual(lowerBound(small));
  });

  it('test: the sanitiser makes NaN, Infinity and all-zero matrices valid', () => {
    for (const raw of [withEntry(NaN), withEntry(Infinity), new Float64Array(25)]) {
      expect(scoreBppAco(raw, small, 'test', 1)).toBeGreaterThanOrEqual(lowerBound(small));
    }
  });
});

describe('aco-bpp500 through the native evaluator', () => {
  it('evaluates the seed and baselines validly on a train instance', () => {
    for (const code of new Set([acoBpp500.seedCode, ...Object.values(acoBpp500.baselines)])) {
      expect(evaluateNative(acoBpp500, 'train', code, { seed: 0, instances: 1 }).status).toBe('ok');
    }
  });
});
