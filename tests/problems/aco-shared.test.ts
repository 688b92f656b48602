import { describe, expect, it } from 'vitest';
import { acoDistances } from '../../src/problems/aco-shared/distance.ts';
import { createFastRng } from '../../src/problems/aco-shared/fast-rng.ts';
import { applyFloor, requireSquare, sanitiseForTest, toFiniteFloat32 } from '../../src/problems/aco-shared/heuristic-matrix.ts';
import { instanceSeed } from '../../src/problems/aco-shared/seeds.ts';
import { acoTsp50 } from '../../src/problems/aco-tsp50/index.ts';
import { InvalidSolution } from '../../src/problems/types.ts';

describe('fast solver rng', () => {
  it('repeats its stream for a seed and differs across seeds', () => {
    const draw = (seed: number) => Array.from({ length: 8 }, createFastRng(seed).next);
    const a = createFastRng(42);
    const b = createFastRng(42);
    const first = Array.from({ length: 1000 }, () => a.next());
    expect(Array.from({ length: 1000 }, () => b.next())).toEqual(first);
    expect(draw(43)).not.toEqual(draw(42));
    expect(first.every((v) => v >= 0 && v < 1)).toBe(true);
  });

  it('draws integers uniformly', () => {
    const rng = createFastRng(7);
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 50_000; i++) counts[rng.int(5)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400); // > 4 standard deviations
  });
});

describe('reference seed formulas', () => {
  it('follow 1234 + offset + N * 1000 + index', () => {
    expect(instanceSeed('tsp', 50, 3)).toBe(51_237);
    expect(instanceSeed('cvrp', 100, 0)).toBe(10_101_234);
    expect(instanceSeed('bpp', 1000, 63)).toBe(21_001_297);
  });
});

describe('heuristic matrix rules', () => {
  it('sanitises for test sets like the reference (NaN, +-Infinity, floor 1e-9)', () => {
    const out = sanitiseForTest(Float64Array.from([NaN, Infinity, -Infinity, -3, 0, 1e-12, 0.5, 1e300]));
    expect(Array.from(out)).toEqual([1e-9, 1e9, 1e-9, 1e-9, 1e-9, 1e-9, 0.5, 1e300]);
  });

  it('rejects values that are not finite after the float32 cast, and floors in float32', () => {
    expect(() => toFiniteFloat32(Float64Array.from([1, 1e39]))).toThrow(InvalidSolution);
    expect(() => toFiniteFloat32(Float64Array.from([NaN]))).toThrow(InvalidSolution);
    const floored = applyFloor(toFiniteFloat32(Float64Array.from([-1, 0, 2])), 1e-9);
    expect(Array.from(floored)).toEqual([Math.fround(1e-9), Math.fround(1e-9), 2]);
  });

  it('requires exactly n * n entries', () => {
    expect(() => requireSquare(new Float64Array(15), 4)).toThrow(InvalidSolution);
    expect(() => requireSquare(new Float64Array(16), 4)).not.toThrow();
  });

  it('uses Euclidean distances with a unit diagonal', () => {
    const d = acoDistances([0, 3], [0, 4]);
    expect(Array.from(d)).toEqual([1, 5, 5, 1]);
  });
});

describe('ACO harness', () => {
  const solve = new Function(`${acoTsp50.harnessSource}\nreturn solve;`)() as (
    candidate: unknown,
    input: unknown,
    ctx: unknown,
  ) => number[];
  const input = { distanceMatrix: [[1, 2], [2, 1]] };

  it('flattens n rows of n numbers (arrays or typed arrays), passing non-finite values through', () => {
    expect(solve((d: number[][]) => d.map((r) => r.map((v) => 1 / v)), input, {})).toEqual([1, 0.5, 0.5, 1]);
    expect(solve(() => [Float64Array.of(NaN, 1), [Infinity, -2]], input, {})).toEqual([NaN, 1, Infinity, -2]);
  });

  it('rejects a wrong shape or a non-number entry as InvalidSolution', () => {
    for (const bad of [[1, 2, 3, 4], [[1, 2]], [[1, 2], [3]], 5, [[1, 2], [3, '4']], [[1, 2], [3, undefined]]]) {
      expect(() => solve(() => bad, input, {})).toThrow(expect.objectContaining({ name: 'InvalidSolution' }));
    }
  });

  it('gives the candidate a copy it may mutate', () => {
    solve((d: number[][]) => {
      d[0][1] = 99;
      return d;
    }, input, {});
    expect(input.distanceMatrix[0][1]).toBe(2);
  });
});
