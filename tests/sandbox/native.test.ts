import { describe, expect, it } from 'vitest';
import { asp15 } from '../../problems/asp15/index.ts';
import { tsp50 } from '../../problems/tsp50/index.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';

const RANDOM_RULE = `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {
  return unvisitedNodes[Math.floor(Math.random() * unvisitedNodes.length)];
}`;

describe('evaluateNative', () => {
  it('seeds Math.random: same seed, same result; another seed, another result', () => {
    const a = evaluateNative(tsp50, 'train', RANDOM_RULE, { seed: 1, instances: 8 });
    const b = evaluateNative(tsp50, 'train', RANDOM_RULE, { seed: 1, instances: 8 });
    const c = evaluateNative(tsp50, 'train', RANDOM_RULE, { seed: 2, instances: 8 });
    expect(a.status).toBe('ok');
    expect(a.status === 'ok' && a.values).toEqual(b.status === 'ok' && b.values);
    expect(a.status === 'ok' && a.objective).not.toBe(c.status === 'ok' && c.objective);
  });

  it('does not touch the host Math.random', () => {
    const original = Math.random;
    evaluateNative(tsp50, 'train', RANDOM_RULE, { seed: 1, instances: 1 });
    expect(Math.random).toBe(original);
  });

  it('evaluates only the requested prefix of instances', () => {
    expect(evaluateNative(tsp50, 'test20', tsp50.seedCode, { seed: 0, instances: 5 })).toMatchObject({ status: 'ok', count: 5 });
  });

  it.each([
    ['a syntax error', 'function selectNextNode( {', /code does not load: SyntaxError/],
    ['a missing function', 'function other() { return 1; }', /no function named selectNextNode/],
    ['a throwing top level', 'throw new Error("at load");', /code does not load: Error: at load/],
  ])('%s is invalid', (_name, code, reason) => {
    const outcome = evaluateNative(tsp50, 'train', code, { seed: 0 });
    expect(outcome.status).toBe('invalid');
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(reason);
  });

  it('candidate names cannot collide with the harness (a helper called solve is fine)', () => {
    const code = `const sqrt = 1;
      function solve() { return [0]; }
      function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) { return unvisitedNodes[0]; }`;
    expect(evaluateNative(tsp50, 'train', code, { seed: 0 })).toMatchObject({ status: 'ok', objective: 7.00437 });
  });

  it('gives the harness the mode and the instance size of the split (the N of the reference seed formulas)', () => {
    const seen: unknown[] = [];
    const problem = { ...tsp50, harnessSource: 'var solve = (c, input, ctx) => { globalThis.nativeCtx.push(ctx); return [0]; };' };
    (globalThis as { nativeCtx?: unknown[] }).nativeCtx = seen;
    evaluateNative(problem, 'test20', tsp50.seedCode, { seed: 0, instances: 2 });
    delete (globalThis as { nativeCtx?: unknown[] }).nativeCtx;
    expect(seen).toEqual([
      { mode: 'test', split: 'test20', index: 0, size: 20 },
      { mode: 'test', split: 'test20', index: 1, size: 20 },
    ]);
  });

  it('passes user data directories through to the problem', () => {
    expect(() => evaluateNative(asp15, 'train', asp15.seedCode, { seed: 0, dataDir: '/tmp' })).toThrow(/no instance files/);
  });
});
