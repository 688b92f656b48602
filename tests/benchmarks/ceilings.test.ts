import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binsLowerBound, firstFitDecreasingBins } from '../../benchmarks/ceilings/bin-packing.ts';
import { optimalTourLength } from '../../benchmarks/ceilings/held-karp.ts';
import { optimalKnapsackValue } from '../../benchmarks/ceilings/knapsack.ts';
import { bestOfRandomStarts, improveTour, tourLength } from '../../benchmarks/ceilings/tour-search.ts';
import { createRng } from '../../src/ground/rng.ts';
import { euclideanMatrix } from '../../src/problems/shared/geometry.ts';

function randomMatrix(n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const x = Array.from({ length: n }, () => rng.next());
  const y = Array.from({ length: n }, () => rng.next());
  return euclideanMatrix(x, y);
}

/** Every closed tour through node 0, by brute force. */
function bruteForceTour(d: Float64Array, n: number): number {
  let best = Infinity;
  const walk = (tour: number[], left: number[]) => {
    if (left.length === 0) return void (best = Math.min(best, tourLength(tour, d, n)));
    for (const v of left) walk([...tour, v], left.filter((u) => u !== v));
  };
  walk([0], Array.from({ length: n - 1 }, (_, i) => i + 1));
  return best;
}

describe('ceilings: exact optima and bounds', () => {
  it('Held-Karp equals brute force on small instances, and local search never beats it', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const n = 4 + seed; // 5..10
      const d = randomMatrix(n, seed);
      const optimum = optimalTourLength(d, n);
      expect(optimum).toBeCloseTo(bruteForceTour(d, n), 10);
      expect(bestOfRandomStarts(d, n, 3, createRng(seed))).toBeGreaterThanOrEqual(optimum - 1e-9);
    }
    expect(optimalTourLength(randomMatrix(3, 9), 3)).toBeCloseTo(bruteForceTour(randomMatrix(3, 9), 3), 12);
    expect(() => optimalTourLength(new Float64Array(23 * 23), 23)).toThrow(/n <= 22/);
  });

  it('local search uncrosses a crossed tour of a square', () => {
    const d = euclideanMatrix([0, 1, 1, 0], [0, 0, 1, 1]);
    const tour = [0, 2, 1, 3]; // both diagonals: 2 + 2 * sqrt(2)
    expect(improveTour(tour, d, 4)).toBeCloseTo(4, 12);
    expect(tourLength(tour, d, 4)).toBeCloseTo(4, 12);
  });

  it('branch and bound equals brute force over every subset, tolerance included', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const rng = createRng(100 + seed);
      const weights = Array.from({ length: 12 }, () => rng.next());
      const values = Array.from({ length: 12 }, () => rng.next());
      const capacity = 2.5;
      let best = 0;
      for (let mask = 0; mask < 1 << 12; mask++) {
        let [w, v] = [0, 0];
        for (let i = 0; i < 12; i++) if (mask & (1 << i)) [w, v] = [w + weights[i], v + values[i]];
        if (w <= capacity) best = Math.max(best, v);
      }
      expect(optimalKnapsackValue(weights, values, capacity)).toBeCloseTo(best, 12);
    }
    // An item that overshoots by less than the slack fits; without it, it does not.
    expect(optimalKnapsackValue([1 + 1e-13], [5], 1, 1e-12)).toBe(5);
    expect(optimalKnapsackValue([1 + 1e-13], [5], 1)).toBe(0);
  });

  it('the L2 bound sees what the volume bound misses, and first-fit decreasing never needs fewer bins', () => {
    expect(binsLowerBound([100, 100, 100], 150)).toBe(3); // volume: 2
    expect(binsLowerBound([50, 50, 50, 50, 50, 50], 150)).toBe(2);
    expect(binsLowerBound([80, 80, 40, 40, 40, 40], 150)).toBe(3); // volume 320 / 150 -> 3
    for (let seed = 1; seed <= 20; seed++) {
      const rng = createRng(200 + seed);
      const demands = Array.from({ length: 40 }, () => 20 + rng.int(81));
      const lower = binsLowerBound(demands, 150);
      expect(lower).toBeGreaterThanOrEqual(Math.ceil(demands.reduce((a, b) => a + b, 0) / 150));
      expect(firstFitDecreasingBins(demands, 150)).toBeGreaterThanOrEqual(lower);
    }
    expect(firstFitDecreasingBins([100, 60, 50, 40], 150)).toBe(2);
  });
});

describe('ceilings.ts', () => {
  const script = join(import.meta.dirname, '..', '..', 'benchmarks', 'ceilings', 'ceilings.ts');
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });

  it('prints each split it bounds, and refuses a task it has no bound for in one line', () => {
    const ok = run('--problems', 'asp15,aco-bpp500');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/\| asp15 \| n12w7 \| 1 \| exact \| C\(12, 7\): distinct supports \| 792\.0000 \|/);
    expect(ok.stdout).toMatch(/\| aco-bpp500 \| test500 \| 64 \| bound \| Martello-Toth L2 \|/);
    expect(ok.stdout).toMatch(/\| aco-bpp500 \| test500 \| 64 \| upper \| first-fit decreasing \|/);
    const bad = run('--problems', 'aco-cvrp50');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('ceilings.ts: --problems: no ceiling for aco-cvrp50 (known: asp15, kp100, tsp50, aco-tsp50, aco-bpp500)');
  });
});
