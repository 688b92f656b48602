import { describe, expect, it } from 'vitest';
import { createFastRng } from '../../src/problems/aco-shared/fast-rng.ts';
import { acoTsp50, scoreTspAco, tspAcoInstance, type TspAcoData } from '../../src/problems/aco-tsp50/index.ts';
import { solveTspAco } from '../../src/problems/aco-tsp50/solver.ts';
import { InvalidSolution, type ScoreContext } from '../../src/problems/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import { optimalTourLength } from '../../benchmarks/ceilings/held-karp.ts';

const SMALL = { ants: 30, iterations: 20, decay: 0.9 };

function randomInstance(n: number, seed: number) {
  const rng = createFastRng(seed);
  const x = Array.from({ length: n }, () => rng.next());
  const y = Array.from({ length: n }, () => rng.next());
  return tspAcoInstance(x, y);
}

const inverse = (dist: Float32Array) => Float64Array.from(dist, (d) => 1 / d);

describe('ACO-TSP solver', () => {
  it('never beats the optimal tour and finds it on small instances', () => {
    for (const seed of [1, 2, 3]) {
      const { data } = randomInstance(8, seed);
      const { n, dist } = data as TspAcoData;
      const optimum = optimalTourLength(dist, n);
      const found = scoreTspAco(inverse(dist), data as TspAcoData, seed, SMALL);
      expect(found).toBeGreaterThanOrEqual(optimum - 1e-5);
      expect(found).toBeLessThanOrEqual(optimum + 1e-5);
    }
  });

  it('is deterministic for a seed and depends on it', () => {
    const { data } = randomInstance(30, 9);
    const { dist } = data as TspAcoData;
    const run = (seed: number) => scoreTspAco(inverse(dist), data as TspAcoData, seed, SMALL);
    expect(run(5)).toBe(run(5));
    const results = new Set([5, 6, 7, 8].map(run));
    expect(results.size).toBeGreaterThan(1);
  });

  it('treats a product that overflows float32 as invalid (reference: non-finite categorical weights)', () => {
    const { data } = randomInstance(10, 4);
    const { n, dist } = data as TspAcoData;
    expect(() => solveTspAco(dist, new Float32Array(n * n).fill(3e38), n, 1, SMALL)).toThrow(InvalidSolution);
  });
});

describe('aco-tsp50 trusted score', () => {
  const [instance] = acoTsp50.loadSplit('train');
  const data = instance.data as TspAcoData;
  const ctx: ScoreContext = { mode: 'search', split: 'train', index: 0, size: 50 };
  const filled = (v: number) => new Float64Array(50 * 50).fill(v);

  it('rejects a wrong size, NaN, Infinity and float32 overflow', () => {
    expect(() => acoTsp50.score(new Float64Array(49 * 50), instance, ctx)).toThrow(InvalidSolution);
    for (const bad of [NaN, Infinity, -Infinity, 1e39]) {
      const raw = inverse(data.dist);
      raw[7] = bad;
      expect(() => acoTsp50.score(raw, instance, ctx)).toThrow(InvalidSolution);
      expect(() => acoTsp50.score(raw, instance, { ...ctx, mode: 'test' })).toThrow(InvalidSolution);
    }
  });

  it('raises negative and tiny values to 1e-9', () => {
    const floor = scoreTspAco(filled(1e-9), data, 11, SMALL);
    expect(scoreTspAco(filled(-5), data, 11, SMALL)).toBe(floor);
    expect(scoreTspAco(filled(0), data, 11, SMALL)).toBe(floor);
  });

  it('uses the reference seed per instance: equal outcomes for equal calls', () => {
    const raw = inverse(data.dist);
    expect(acoTsp50.score(raw, instance, ctx)).toBe(acoTsp50.score(raw, instance, ctx));
  });
});

describe('aco-tsp50 through the native evaluator', () => {
  it('evaluates the seed and baselines validly on a train prefix', () => {
    for (const code of new Set([acoTsp50.seedCode, ...Object.values(acoTsp50.baselines)])) {
      expect(evaluateNative(acoTsp50, 'train', code, { seed: 0, instances: 1 }).status).toBe('ok');
    }
  });

  it('sinks the candidate in search and drops the instance in test for a bad matrix', () => {
    const bad = 'function heuristics(distanceMatrix) { return [[1]]; }';
    expect(evaluateNative(acoTsp50, 'train', bad, { seed: 0, instances: 1 }).status).toBe('invalid');
    const nanOnce = `function heuristics(distanceMatrix) {
      const h = distanceMatrix.map((row) => row.map((d) => 1 / d));
      if (distanceMatrix.length === 20 && distanceMatrix[0][1] === ${JSON.stringify(firstEdge('test20'))}) h[0][1] = NaN;
      return h;
    }`;
    const outcome = evaluateNative(acoTsp50, 'test20', nanOnce, { seed: 0, instances: 2 });
    expect(outcome.status).toBe('ok');
    if (outcome.status === 'ok') expect(outcome.values[0]).toBeNull();
    if (outcome.status === 'ok') expect(outcome.valid).toBe(1);
  });
});

function firstEdge(split: string): number {
  return (acoTsp50.loadSplit(split)[0].input as { distanceMatrix: number[][] }).distanceMatrix[0][1];
}
