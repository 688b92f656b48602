import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { finishRun } from '../../src/engine/finish-run.ts';
import { exportHeuristic } from '../../src/engine/export-module.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import { nativeEvaluator } from './doubles.ts';
import { readEventObjects, runTest, tempDir } from './helpers.ts';

const pool = new SandboxPool({ threads: 1 });
afterAll(() => pool.close());

describe('finishRun', () => {
  it("counts the test-split evaluation in the run's seconds (the clock is read after it)", async () => {
    const result = await runTest({ scaffold: 'sample', budget: 20, dir: tempDir() });
    let clock = 3; // seconds the search took, say
    const inner = nativeEvaluator();
    const evaluator = { evaluate: async (...args: Parameters<typeof inner.evaluate>) => ((clock += 7), inner.evaluate(...args)) };
    const summary = await finishRun(getProblem('tsp50'), result, evaluator, () => clock);
    expect(summary.seconds).toBe(3 + 7 * getProblem('tsp50').testSplits.length);
  });
});

describe('runSearch through the real sandbox', () => {
  it('EoH on tsp50 with a tiny budget: sandbox outcomes, summary on the test splits, exported module', async () => {
    const dir = tempDir();
    const result = await runTest({ scaffold: 'eoh', budget: 20, dir, evaluator: pool });
    const outcomes = readEventObjects(dir).filter((e) => e.type === 'outcome');
    expect(outcomes.some((e) => e.outcome.status === 'ok' && e.outcome.count === 64)).toBe(true);
    expect(outcomes.some((e) => e.outcome.status === 'invalid')).toBe(true);

    // The sandbox agrees with a native evaluation of the best heuristic on the train split.
    const best = result.population[0];
    const native = await nativeEvaluator(64).evaluate({ problem: 'tsp50', split: 'train', code: best.code, seed: 0 });
    expect(native.status === 'ok' && native.objective).toBeCloseTo(best.objective, 5);

    const summary = await finishRun(getProblem('tsp50'), result, nativeEvaluator(50), () => 1);
    expect(Object.keys(summary.best.test)).toEqual(['test20', 'test50']);
    expect(summary.best.test.test50).toBeGreaterThan(5);
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'))).toEqual(summary);
    expect(readEventObjects(dir).at(-1)).toMatchObject({ type: 'end', best: { id: best.id } });

    const file = join(dir, 'exported.mjs');
    const source = exportHeuristic(dir);
    expect(source).toMatch(/^\/\*\*\n \* ahd heuristic for tsp50/);
    expect(source).toContain(`test: test20 ${summary.best.test.test20!.toFixed(5)}, test50 ${summary.best.test.test50!.toFixed(5)}`);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, source);
    const module = await import(file);
    expect(module.default).toBe(module.selectNextNode);
    expect(module.selectNextNode(0, 0, [1, 2], [[0, 1, 5], [1, 0, 1], [5, 1, 0]])).toBe(1);
  });
});
