/**
 * Makes a small finished run directory with the real engine (scripted model, native evaluator on a few
 * instances): EoH + ES on tsp50, budget 120 = 3 generations, 6 ES updates.
 *
 *   node --no-node-snapshot --import tsx tests/report/make-run-dir.ts tests/fixtures/run-dir
 *
 * regenerates the committed fixture; the report tests also call makeRunDir to check that the fixture still has
 * the engine's current format.
 */
import { rmSync } from 'node:fs';
import { getProblem } from '../../src/problems/index.ts';
import { finishRun } from '../../src/engine/finish-run.ts';
import type { RunSummary } from '../../src/engine/run-dir/index.ts';
import { nativeEvaluator } from '../engine/doubles.ts';
import { runTest, type TestRun } from '../engine/helpers.ts';

export const FIXTURE_RUN: Omit<TestRun, 'dir'> = { scaffold: 'eoh', budget: 120, es: true, seed: 7 };

export async function makeRunDir(dir: string, run: Omit<TestRun, 'dir'> = FIXTURE_RUN): Promise<RunSummary> {
  const evaluator = nativeEvaluator();
  const started = Date.now();
  const result = await runTest({ ...run, dir, evaluator });
  return finishRun(getProblem('tsp50'), result, evaluator, () => (Date.now() - started) / 1000);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: make-run-dir.ts <dir>');
  rmSync(dir, { recursive: true, force: true });
  const summary = await makeRunDir(dir);
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}
