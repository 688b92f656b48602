import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProblem, listProblems } from '../../src/problems/index.ts';
import { AhdError } from '../../src/errors.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import { SandboxPool, threadsFor } from '../../src/sandbox/pool.ts';
import type { EvalRequest } from '../../src/sandbox/types.ts';

const tsp = (body: string) => `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {\n${body}\n}`;
const NEAREST = tsp('return unvisitedNodes[0];');
/** Picks among the three nearest at random: its tour depends on the Math.random stream. */
const RANDOM = tsp('return unvisitedNodes[Math.floor(Math.random() * Math.min(3, unvisitedNodes.length))];');
const train = (code: string, seed = 1, extra: Partial<EvalRequest> = {}): EvalRequest => ({ problem: 'tsp50', split: 'train', code, seed, ...extra });

describe('threadsFor', () => {
  const tsp50 = getProblem('tsp50');
  it('starts one thread per search split and one per shard of a test split, at most one per core', () => {
    expect(threadsFor(tsp50, ['train'], 2)).toBe(1); // a search split is never sharded
    expect(threadsFor(tsp50, ['test50'], 2)).toBe(2);
    expect(threadsFor(tsp50, ['test50'], 8)).toBe(8); // 1000 instances: up to 10 shards of 100
    expect(threadsFor(tsp50, ['train', 'test20', 'test50'], 16)).toBe(16);
    expect(threadsFor(tsp50, ['train', 'train'], 1)).toBe(1);
    expect(threadsFor(tsp50, [], 4)).toBe(1);
  });
});

describe('SandboxPool', () => {
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ threads: 2, memoryLimitMb: 64 });
  });
  afterAll(() => pool.close());

  it("gives the native evaluator's outcome for the seed heuristics (construction tasks and an ACO task)", async () => {
    // aco-cvrp50 and aco-bpp500 take the same isolate path as aco-tsp50 (shared matrix harness), with slower solvers.
    const problems = listProblems().filter((p) => ['tsp50', 'kp100', 'asp15', 'aco-tsp50'].includes(p.id));
    const outcomes = await pool.evaluateMany(problems.map((p) => ({ problem: p.id, split: 'train', code: p.seedCode, seed: 3 })));
    problems.forEach((p, i) => {
      const native = evaluateNative(p, 'train', p.seedCode, { seed: 3 });
      const { ms: _a, ...sandboxed } = outcomes[i];
      const { ms: _b, ...expected } = native;
      expect(sandboxed, p.id).toEqual(expected);
    });
  });

  it('seeds Math.random from the request: same seed same tours (as native), another seed other tours', async () => {
    const [a, b, c] = await pool.evaluateMany([train(RANDOM, 5), train(`${RANDOM}\n`, 5, { timeoutMs: 19_999 }), train(RANDOM, 6)]);
    expect(a.status).toBe('ok');
    expect(b).toMatchObject({ status: 'ok', objective: (a as { objective: number }).objective });
    expect(c).toMatchObject({ status: 'ok' });
    expect((c as { objective: number }).objective).not.toBe((a as { objective: number }).objective);
    const native = evaluateNative(getProblem('tsp50'), 'train', RANDOM, { seed: 5 });
    expect(native).toMatchObject({ status: 'ok', objective: (a as { objective: number }).objective });
  });

  it('evaluates identical candidates once (the code trimmed), and apart when they differ in layout', async () => {
    const [first, concurrent] = await Promise.all([pool.evaluate(train(NEAREST, 8)), pool.evaluate(train(`\n${NEAREST}\n\n`, 8))]);
    expect(concurrent).toBe(first); // the same promise's value, not an equal one
    expect(await pool.evaluate(train(NEAREST, 8))).toBe(first);
    const variant = `// nearest neighbour\nfunction selectNextNode(currentNode,destinationNode,unvisitedNodes,distanceMatrix){ /* first */ return unvisitedNodes[0] }`;
    const layout = await pool.evaluate(train(variant, 8));
    expect(layout).not.toBe(first);
    expect(layout).toEqual({ ...first, ms: layout.ms });
    const otherSeed = await pool.evaluate(train(NEAREST, 9));
    expect(otherSeed).not.toBe(first);
    expect(otherSeed).toMatchObject({ status: 'ok', objective: 7.00437 });
  });

  it('without result sharing evaluates every request, identical ones too, with the same values', async () => {
    const unshared = new SandboxPool({ threads: 1, memoryLimitMb: 64, shareResults: false });
    try {
      const [a, b] = await Promise.all([unshared.evaluate(train(NEAREST, 8)), unshared.evaluate(train(NEAREST, 8))]);
      expect(b).not.toBe(a); // two evaluations, not one shared answer
      expect(b).toEqual({ ...a, ms: b.ms });
      expect(a).toMatchObject({ status: 'ok', objective: 7.00437 });
      const cancel = new AbortController();
      cancel.abort(new Error('never mind'));
      await expect(unshared.evaluate(train(NEAREST, 8), cancel.signal)).rejects.toThrow('never mind');
    } finally {
      await unshared.close();
    }
  });

  it('a cancelled caller is rejected with its reason while another caller of the same candidate still gets it', async () => {
    const slow = tsp('let x = 0; for (let i = 0; i < 2e5; i++) x += i; return unvisitedNodes[0];');
    const cancel = new AbortController();
    const leaving = pool.evaluate(train(slow, 11), cancel.signal);
    const staying = pool.evaluate(train(slow, 11));
    cancel.abort(new Error('not needed any more'));
    await expect(leaving).rejects.toThrow('not needed any more');
    expect(await staying).toMatchObject({ status: 'ok', objective: 7.00437 });
  });

  it('cancelling a lone caller stops the evaluation, and the pool keeps working', async () => {
    const cancel = new AbortController();
    const looping = pool.evaluate(train(tsp('while (true) {}'), 12), cancel.signal);
    setTimeout(() => cancel.abort(new Error('stop')), 200);
    await expect(looping).rejects.toThrow('stop');
    expect(await pool.evaluate(train(NEAREST, 13))).toMatchObject({ status: 'ok', objective: 7.00437 });
  });

  it('rejects requests for unknown problems or splits and malformed seeds as usage errors', async () => {
    const usage = { code: 'usage' };
    await expect(pool.evaluate({ ...train(NEAREST), problem: 'tsp51' as never })).rejects.toMatchObject(usage);
    await expect(pool.evaluate({ ...train(NEAREST), split: 'test51' })).rejects.toThrow(/unknown split "test51" for tsp50/);
    await expect(pool.evaluate(train(NEAREST, 1.5))).rejects.toBeInstanceOf(AhdError);
    await expect(pool.evaluate(train(NEAREST, 1, { timeoutMs: -1 }))).rejects.toMatchObject(usage);
  });

  it('blames a candidate that crashes the sandbox process alone; candidates running beside it keep their values', async () => {
    // A Map growing past the isolate's limit aborts the whole V8 process (not just the isolate).
    const crasher = tsp('const m = new Map(); for (let i = 0; ; i++) m.set(i, { i });');
    const outcomes = await pool.evaluateMany([
      train(tsp('let x = 0; for (let i = 0; i < 2e5; i++) x += i; return unvisitedNodes[0];'), 21),
      train(crasher, 21, { timeoutMs: 10_000 }),
      train(NEAREST, 22),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['ok', 'oom', 'ok']);
    expect(outcomes[0]).toMatchObject({ objective: 7.00437 });
    expect(await pool.evaluate(train(RANDOM, 5))).toMatchObject({ status: 'ok' });
  });

  it('refuses work once closed', async () => {
    const closing = new SandboxPool({ threads: 1 });
    await closing.close();
    await expect(closing.evaluate(train(NEAREST))).rejects.toThrow(/closed/);
  });
});
