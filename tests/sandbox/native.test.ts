import { describe, expect, it } from 'vitest';
import { asp15 } from '../../src/problems/asp15/index.ts';
import { tsp50 } from '../../src/problems/tsp50/index.ts';
import type { Problem } from '../../src/problems/types.ts';
import { evaluateInIsolate, prepareInstances } from '../../src/sandbox/isolate.ts';
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
  ])('%s is invalid at load', (_name, code, reason) => {
    const outcome = evaluateNative(tsp50, 'train', code, { seed: 0 });
    expect(outcome).toMatchObject({ status: 'invalid', stage: 'load' });
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

  it.each([
    ['an array', '[1.5, Infinity, -Infinity, NaN, "x", null, 2n]'],
    ['a Float64Array', 'new Float64Array([1.5, Infinity, -Infinity, NaN, 0, 0, 0])'],
    ['an Int32Array', 'new Int32Array([1, 2, 3])'],
  ])('turns a harness output that is %s into the same raw values as the sandbox bridge', (_name, output) => {
    const seen: number[][] = [];
    const spec = { name: 'raw', mode: 'test' as const, count: 1, size: 1 };
    const instances = [{ input: 0, data: null }];
    const problem = {
      ...tsp50,
      id: `raw-${output}`,
      harnessSource: `var solve = (candidate) => (candidate(), ${output});`,
      splits: [spec],
      loadSplit: () => instances,
      score: (raw: Float64Array) => (seen.push([...raw]), raw.length),
    } as unknown as Problem;
    const code = 'function selectNextNode() { return 0; }';
    const native = evaluateNative(problem, 'raw', code, { seed: 0 });
    const job = { problem, spec, instances: prepareInstances(instances), code, seed: 0 };
    const sandboxed = evaluateInIsolate({ ...job, timeoutMs: 5000, memoryLimitMb: 64 });
    expect(native).toMatchObject({ status: 'ok' });
    expect(sandboxed).toMatchObject({ status: 'ok' });
    expect(seen[0]).toEqual(seen[1]);
    if (output.startsWith('[')) expect(seen[0]).toEqual([1.5, Infinity, -Infinity, NaN, NaN, NaN, NaN]);
  });
});
