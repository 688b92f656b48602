import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMERIC_LITERAL } from '../../src/ground/numeric-literals.ts';
import { getProblem } from '../../src/problems/index.ts';
import { getScaffold } from '../../src/scaffolds/index.ts';
import { runSearch, type RunOptions } from '../../src/engine/run.ts';
import { bundledModelDir } from '../../src/llm/onnx/bundled-model.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import { ScriptedModel, TEST_SAMPLING, nativeEvaluator } from './doubles.ts';
import { readEventObjects, tempDir } from './helpers.ts';

/** A program with its decimals masked: what numbers-only m2 keeps. */
const shape = (code: string) => code.replace(NUMERIC_LITERAL, (m, fraction) => (fraction === undefined ? m : '#'));

const options = (model: LanguageModel, dir: string, evaluator: RunOptions['evaluator']): RunOptions => ({
  problem: getProblem('kp100'),
  scaffold: getScaffold('eoh'),
  budget: 20,
  seed: 3,
  m2: 'numbers',
  dir,
  resume: false,
  model,
  llm: { backend: 'onnx', source: 'tests' },
  sampling: model.defaults,
  evaluator,
  evaluationConcurrency: 1,
});

// About 5 s on an idle machine; the bundled model decodes on the cores a loaded machine shares.
describe('EoH with --m2 numbers on the bundled model, through the real sandbox', { timeout: 300_000 }, () => {
  const pool = new SandboxPool({ threads: 1 });
  let model: LanguageModel;
  beforeAll(async () => {
    model = await loadOnnxModel(bundledModelDir(), { replicas: 1 });
  });
  afterAll(async () => {
    await Promise.all([model.close(), pool.close()]);
  });

  it("writes each m2 child as its parent's program with the model's decimals, and records the mode", async () => {
    const dir = tempDir();
    await runSearch(options(model, dir, pool));
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).search).toMatchObject({ m2: 'numbers' });
    const generations = readEventObjects(dir).filter((e) => e.type === 'generation');
    const codeOf = new Map<number, string>();
    for (const e of generations) if (e.parsed.ok && !codeOf.has(e.index)) codeOf.set(e.index, e.parsed.code);
    const m2 = generations.filter((e) => e.operator === 'm2' && e.parsed.ok);
    expect(m2.length).toBeGreaterThan(0);
    let tuned = 0;
    for (const e of m2) {
      const parent = codeOf.get(e.parents[0])!;
      if (!/\d\.\d/.test(parent)) continue; // a parent without decimals gets a free m2
      expect(shape(e.parsed.code)).toBe(shape(parent));
      tuned++;
    }
    expect(tuned).toBeGreaterThan(0);
  });
});

describe('--m2 numbers refusals', () => {
  it('a backend that cannot steer its decoding', async () => {
    await expect(runSearch(options(new ScriptedModel(), tempDir(), nativeEvaluator()))).rejects.toThrow(/m2.*numbers needs the onnx backend/);
  });

  it('a model that answers in the reference format', async () => {
    const tiny = await loadOnnxModel(new URL('../fixtures/tiny-lm', import.meta.url).pathname);
    expect(tiny.promptStyle).toBe('reference');
    try {
      await expect(runSearch({ ...options(tiny, tempDir(), nativeEvaluator()), sampling: TEST_SAMPLING })).rejects.toThrow(/compact format/);
    } finally {
      await tiny.close();
    }
  });
});
