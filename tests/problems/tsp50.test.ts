import { describe, expect, it } from 'vitest';
import { tsp50 } from '../../src/problems/tsp50/index.ts';
import { InvalidSolution } from '../../src/problems/types.ts';
import { roundTo5 } from '../../src/sandbox/aggregate.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

const NN = tsp50.baselines['nearest-neighbour'];

function okOutcome(outcome: Outcome) {
  if (outcome.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
}
/** Mean of the unrounded per-instance values, for 1e-6 comparisons with the reference. */
const meanOfValid = (values: readonly (number | null)[]) => {
  const valid = values.filter((v): v is number => v !== null);
  return valid.reduce((a, b) => a + b, 0) / valid.length;
};

describe('tsp50 golden values (reference evaluator, nearest neighbour)', () => {
  it.each([
    ['train', 64, 7.0043697989867315],
    ['test20', 1000, 4.479725103936943],
    ['test50', 1000, 6.95926641442118],
  ])('%s', (split, count, golden) => {
    const outcome = okOutcome(evaluateNative(tsp50, split, NN, { seed: 0 }));
    expect(outcome.count).toBe(count);
    expect(outcome.valid).toBe(count);
    expect(Math.abs(meanOfValid(outcome.values) - golden)).toBeLessThan(1e-6);
    expect(outcome.objective).toBe(roundTo5(golden));
  });

  it('the seed (first offered node) equals nearest neighbour on train', () => {
    expect(okOutcome(evaluateNative(tsp50, 'train', tsp50.seedCode, { seed: 0 })).objective).toBe(7.00437);
  });

  it('the farthest-insertion baseline is valid and beats nearest neighbour', () => {
    const outcome = okOutcome(evaluateNative(tsp50, 'train', tsp50.baselines['farthest-insertion'], { seed: 0 }));
    expect(outcome.objective).toBeLessThan(7.00437);
  });
});

describe('tsp50 invalid rules', () => {
  const rule = (body: string) => `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) { ${body} }`;

  it.each([
    ['returning 0 (the start is always in the route)', 'return 0;', /node 0 was already visited/],
    ['returning the current (visited) node', 'return currentNode === 0 ? unvisitedNodes[0] : currentNode;', /already visited/],
    ['returning an id out of range', 'return distanceMatrix.length;', /not a node id/],
    ['returning a negative id', 'return -1;', /not a node id/],
    ['returning a fraction', 'return unvisitedNodes[0] + 0.5;', /not a node id/],
    ['returning a string', 'return String(unvisitedNodes[0]);', /not a node id/],
    ['throwing', 'throw new Error("boom");', /boom/],
  ])('search: %s makes the candidate invalid', (_name, body, reason) => {
    const outcome = evaluateNative(tsp50, 'train', rule(body), { seed: 0 });
    expect(outcome.status).toBe('invalid');
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(reason);
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(/^instance 0: /);
  });

  it('test: invalid instances are dropped and counted', () => {
    // Invalid exactly on instances whose nodes 0 and 1 are close; the rest is nearest neighbour.
    const code = rule('return distanceMatrix[0][1] < 0.3 ? 0 : unvisitedNodes[0];');
    const outcome = okOutcome(evaluateNative(tsp50, 'test20', code, { seed: 0 }));
    const nn = okOutcome(evaluateNative(tsp50, 'test20', NN, { seed: 0 }));
    expect(outcome.valid).toBeGreaterThan(0);
    expect(outcome.valid).toBeLessThan(1000);
    expect(outcome.values.filter((v) => v === null)).toHaveLength(1000 - outcome.valid);
    outcome.values.forEach((v, i) => {
      if (v !== null) expect(v).toBe(nn.values[i]);
    });
  });

  it('test: all instances invalid makes the outcome invalid', () => {
    const outcome = evaluateNative(tsp50, 'test20', rule('return 0;'), { seed: 0 });
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(/^all 1000 instances invalid/);
  });

  it('an unvisited node that was not offered (beyond the 50 nearest) is accepted', () => {
    // Highest-id unvisited node, tracked by the candidate itself; on 100 nodes it is often not among the offered 50.
    const code = `let seen = new Set();
      function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
        if (currentNode === 0) seen = new Set([0]);
        seen.add(currentNode);
        for (let j = distanceMatrix.length - 1; j > 0; j--) if (!seen.has(j)) return j;
      }`;
    const outcome = okOutcome(evaluateNative(tsp50, 'test100', code, { seed: 0, instances: 3 }));
    expect(outcome.valid).toBe(3);
    // The route is 0, 99, 98, ..., 1, so its length is the fixed-order tour.
    const [instance] = tsp50.loadSplit('test100');
    const identity = Float64Array.from({ length: 100 }, (_, i) => (i === 0 ? 0 : 100 - i));
    expect(outcome.values[0]).toBe(tsp50.score(identity, instance, { mode: 'test', split: 'test100', index: 0, size: 100 }));
  });
});

describe('tsp50 trusted score', () => {
  const [instance] = tsp50.loadSplit('test20');
  const ctx = { mode: 'test' as const, split: 'test20', index: 0, size: 20 };
  const route = (ids: number[]) => Float64Array.from(ids);
  const identity = Array.from({ length: 20 }, (_, i) => i);

  it('measures a closed tour', () => {
    const forward = tsp50.score(route(identity), instance, ctx);
    const backward = tsp50.score(route([0, ...identity.slice(1).reverse()]), instance, ctx);
    expect(forward).toBeGreaterThan(0);
    expect(backward).toBeCloseTo(forward, 12);
  });

  it.each([
    ['too short', identity.slice(0, 19)],
    ['not starting at 0', [1, 0, ...identity.slice(2)]],
    ['a repeated node', [0, 1, 1, ...identity.slice(3)]],
    ['an id out of range', [0, ...identity.slice(1, 19), 20]],
    ['a fraction', [0, 1.5, ...identity.slice(2)]],
    ['NaN', [0, NaN, ...identity.slice(2)]],
  ])('rejects %s', (_name, ids) => {
    expect(() => tsp50.score(route(ids), instance, ctx)).toThrow(InvalidSolution);
  });
});
