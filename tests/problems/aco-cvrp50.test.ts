import { describe, expect, it } from 'vitest';
import { createFastRng } from '../../src/problems/aco-shared/fast-rng.ts';
import { acoCvrp50, cvrpAcoInstance, scoreCvrpAco, type CvrpAcoData } from '../../src/problems/aco-cvrp50/index.ts';
import { InvalidSolution, type ScoreContext } from '../../src/problems/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';

const SMALL = { ants: 30, iterations: 20, decay: 0.9 };

function randomInstance(customers: number, seed: number) {
  const rng = createFastRng(seed);
  const n = customers + 1;
  const x = Array.from({ length: n }, (_, i) => (i === 0 ? 0.5 : rng.next()));
  const y = Array.from({ length: n }, (_, i) => (i === 0 ? 0.5 : rng.next()));
  const demands = Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 1 + rng.int(30)));
  return cvrpAcoInstance(x, y, demands).data as CvrpAcoData;
}

/** Optimal CVRP cost: every order of the customers, cut into capacity-feasible routes at every possible place. */
function optimalCost(data: CvrpAcoData): number {
  const { n, dist64: d, demands, capacity } = data;
  let best = Infinity;
  const permute = (order: number[], left: number[]) => {
    if (left.length > 0) {
      left.forEach((c, k) => permute([...order, c], [...left.slice(0, k), ...left.slice(k + 1)]));
      return;
    }
    // cost[i] = cheapest way to serve order[0..i) in routes
    const cost = [0];
    for (let end = 1; end <= order.length; end++) {
      cost[end] = Infinity;
      for (let start = end - 1; start >= 0; start--) {
        let load = 0;
        let length = d[order[start]]; // depot -> first
        for (let k = start; k < end; k++) {
          load += demands[order[k]];
          if (k > start) length += d[order[k - 1] * n + order[k]];
        }
        if (load > capacity) break;
        cost[end] = Math.min(cost[end], cost[start] + length + d[order[end - 1] * n]);
      }
    }
    best = Math.min(best, cost[order.length]);
  };
  permute([], Array.from({ length: n - 1 }, (_, i) => i + 1));
  return best;
}

const inverse = (data: CvrpAcoData) => Float64Array.from(data.dist64, (d) => 1 / d);

describe('ACO-CVRP solver', () => {
  it('never beats the optimal routes on small instances, and comes close', () => {
    for (const seed of [1, 2, 3]) {
      const data = randomInstance(6, seed);
      const optimum = optimalCost(data);
      const found = scoreCvrpAco(inverse(data), data, 'search', seed, SMALL);
      expect(found).toBeGreaterThanOrEqual(optimum - 1e-9);
      // Idle depot steps cost 1 each (reference quirk), so the best can exceed the optimum by whole units.
      expect(found).toBeLessThan(optimum + 3);
    }
  });

  it('charges D[0][0] = 1 per idle depot step of an ant that finished early (reference quirk)', () => {
    // Customers 1 and 2 both fit one vehicle. From 1 the heuristic forces a return to the depot, from 2 it forces
    // a move to 1: ants starting with 1 take 4 moves (0,1,0,2,0), ants starting with 2 take 3 (0,2,1,0) and then
    // idle once. Without the quirk the 3-move route (0.4123 + 0.2 + 0.4123) would be best.
    const data = cvrpAcoInstance([0.5, 0.6, 0.4], [0.5, 0.9, 0.9], [0, 20, 20]).data as CvrpAcoData;
    const h = Float64Array.from([0, 1, 1, 1e9, 0, 1e-9, 1e-9, 1e9, 0]);
    const d = data.dist64;
    const twoRoutes = d[1] + d[3] + d[2] + d[6];
    const oneRoute = d[2] + d[7] + d[3];
    expect(oneRoute).toBeLessThan(twoRoutes);
    const best = scoreCvrpAco(h, data, 'search', 3, { ants: 30, iterations: 1, decay: 0.9 });
    expect(best).toBeCloseTo(Math.min(twoRoutes, oneRoute + 1), 12);
    // A single ant never idles.
    const single = scoreCvrpAco(h, data, 'search', 3, { ants: 1, iterations: 1, decay: 0.9 });
    expect([twoRoutes, oneRoute].some((c) => Math.abs(c - single) < 1e-12)).toBe(true);
  });

  it('is deterministic for a seed and depends on it', () => {
    const data = randomInstance(25, 8);
    const run = (seed: number) => scoreCvrpAco(inverse(data), data, 'search', seed, SMALL);
    expect(run(4)).toBe(run(4));
    expect(new Set([4, 5, 6, 7].map(run)).size).toBeGreaterThan(1);
  });
});

describe('aco-cvrp50 trusted score', () => {
  const [instance] = acoCvrp50.loadSplit('test20');
  const data = instance.data as CvrpAcoData;
  const search = (raw: Float64Array) => scoreCvrpAco(raw, data, 'search', 5, SMALL);
  const test = (raw: Float64Array) => scoreCvrpAco(raw, data, 'test', 5, SMALL);
  const withEntry = (v: number) => {
    const raw = inverse(data);
    raw[3 * data.n + 4] = v;
    return raw;
  };

  it('rejects a wrong size in both modes', () => {
    const ctx: ScoreContext = { mode: 'search', split: 'train', index: 0, size: 20 };
    expect(() => acoCvrp50.score(new Float64Array(5), instance, ctx)).toThrow(InvalidSolution);
    expect(() => acoCvrp50.score(new Float64Array(5), instance, { ...ctx, mode: 'test' })).toThrow(InvalidSolution);
  });

  it('search: NaN and +Infinity fail in the colony, -Infinity and negatives are floored', () => {
    expect(() => search(withEntry(NaN))).toThrow(InvalidSolution);
    expect(() => search(withEntry(Infinity))).toThrow(InvalidSolution);
    expect(search(withEntry(-Infinity))).toBe(search(withEntry(-3)));
    expect(search(withEntry(-3))).toBe(search(withEntry(0)));
  });

  it('test: the sanitiser maps NaN and -Infinity to 1e-9, but a float32 overflow still fails', () => {
    const floor = test(withEntry(1e-9));
    expect(test(withEntry(NaN))).toBe(floor);
    expect(test(withEntry(-Infinity))).toBe(floor);
    expect(test(withEntry(Infinity))).toBe(test(withEntry(1e9)));
    expect(() => test(withEntry(1e39))).toThrow(InvalidSolution);
  });
});

describe('aco-cvrp50 through the native evaluator', () => {
  it('evaluates the seed and baselines validly on a test20 instance', () => {
    for (const code of new Set([acoCvrp50.seedCode, ...Object.values(acoCvrp50.baselines)])) {
      expect(evaluateNative(acoCvrp50, 'test20', code, { seed: 0, instances: 1 }).status).toBe('ok');
    }
  });

  it('calls a two-parameter function with (distanceMatrix, demands / capacity)', () => {
    const code = `function heuristics(distanceMatrix, scaled) {
      if (scaled.length !== distanceMatrix.length || scaled[0] !== 0) throw new Error('not demands');
      if (!scaled.slice(1).every((q) => q > 0 && q <= 9 / 50)) throw new Error('not scaled by the capacity');
      return distanceMatrix.map((row) => row.map((d) => 1 / d));
    }`;
    expect(evaluateNative(acoCvrp50, 'test20', code, { seed: 0, instances: 1 }).status).toBe('ok');
  });
});
