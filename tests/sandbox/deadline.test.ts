import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';

const STUCK = fileURLToPath(new URL('../fixtures/stuck-scorer/', import.meta.url));
const answer = (value: number) => `function answer() {\n  return ${value};\n}`;

describe('the last-resort deadline of a sandbox evaluation', async () => {
  const problem = await loadProblem(STUCK);
  const request = (value: number, seed = 0) => ({ problem: problem.id, split: 'train', code: answer(value), seed });
  const pools: SandboxPool[] = [];
  // Long enough for a fresh sandbox process to start (its threads and modules) on a busy machine, short enough for a test.
  const pool = (threads: number, deadlineMs: number) => {
    const made = new SandboxPool({ threads, shareResults: false, deadlineMs: () => deadlineMs });
    pools.push(made);
    return made;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('ends an evaluation stuck in trusted scoring as a timeout, and the pool goes on', async () => {
    const one = pool(1, 5000);
    expect(await one.evaluate(request(1))).toMatchObject({ status: 'timeout' });
    expect(await one.evaluate(request(0))).toMatchObject({ status: 'ok', objective: 0 });
  });

  it('with several threads, times out the stuck one only: the one beside it ends ok', async () => {
    const two = pool(2, 8000);
    // Both workers up first, so the deadline measures the evaluations, not the threads' start.
    await Promise.all([two.evaluate(request(0, 1)), two.evaluate(request(0, 2))]);
    const [stuck, fine] = await Promise.all([two.evaluate(request(1)), two.evaluate(request(2))]);
    expect(stuck).toMatchObject({ status: 'timeout' });
    expect(fine).toMatchObject({ status: 'ok', objective: 2 });
    expect(await two.evaluate(request(3))).toMatchObject({ status: 'ok', objective: 3 });
  });
});
