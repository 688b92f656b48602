import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weightsFingerprint } from '../../src/es/fingerprint.ts';
import { appendRecord, createHistory, writeHistory } from '../../src/es/history.ts';
import { createEsStrategy } from '../../src/es/optimizer.ts';
import { replayRunToModelDir } from '../../src/engine/replay-run.ts';
import { negativeObjectiveRewards } from '../../src/es/rewards.ts';
import { WeightsEs } from '../../src/es/weights-es.ts';
import { loadOnnxModel, readModelWeights } from '../../src/llm/onnx/index.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { FIXTURE, request } from '../llm/onnx-helpers.ts';

const RUN_SEED = 31;

describe('ahd replay on the onnx backend', () => {
  let model: LanguageModel;
  let dir: string;
  beforeAll(async () => {
    model = await loadOnnxModel(FIXTURE, { replicas: 2 });
    dir = mkdtempSync(join(tmpdir(), 'ahd-replay-'));
  });
  afterAll(async () => {
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a model whose weights equal the live weights after perturbed generations and updates', async () => {
    const es = model.es!;
    const { weights, layout } = readModelWeights(FIXTURE);
    const identity = new WeightsEs(weights, layout).identity();
    expect(await es.fingerprint()).toBe(identity.base_fingerprint);

    const strategy = createEsStrategy({ alpha: 0.05 });
    let state = strategy.init(RUN_SEED);
    let history = createHistory(RUN_SEED, identity);
    const generations = 3;
    for (let g = 0; g < generations; g++) {
      const sigma = strategy.sigma(g, generations) * 50; // visible on a tiny model
      const asked = strategy.ask(state, 4);
      const texts = await Promise.all(
        asked.seeds.map((seed, i) => model.generate(request(i, { perturbation: { seed, sigma } })).then((r) => r.text)),
      );
      const objectives = texts.map((t, i) => (i === 3 && g === 1 ? Infinity : t.length));
      const told = strategy.tell(asked.state, asked.seeds, negativeObjectiveRewards(objectives), {
        generation: g, operator: 'i1', sigma, engineCount: 2, generationConcurrency: 2, evaluationConcurrency: 1,
      });
      await es.update(asked.seeds, told.z, strategy.params.alpha);
      history = appendRecord(history, { ...told.record, weights_fingerprint: await es.fingerprint() });
      state = told.state;
    }
    const runDir = join(dir, 'run');
    const outDir = join(dir, 'tuned');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'config.json'), runConfig(RUN_SEED, true));
    writeHistory(join(runDir, 'history.json'), history);

    const result = replayRunToModelDir(runDir, outDir);
    const live = await es.fingerprint();
    expect(result.applied).toBe(3);
    expect(result.fingerprint).toBe(live);
    expect(weightsFingerprint(readModelWeights(outDir).weights)).toBe(live);

    const tuned = await loadOnnxModel(outDir);
    try {
      expect((await tuned.generate(request(5))).text).toBe((await model.generate(request(5))).text);
    } finally {
      await tuned.close();
    }
  });

  it('names what is wrong with a run directory', () => {
    const runDir = join(dir, 'frozen');
    mkdirSync(runDir);
    writeFileSync(join(runDir, 'config.json'), runConfig(1, false));
    expect(() => replayRunToModelDir(runDir, join(dir, 'x'))).toThrow(/es.enabled: not an --es run/);
    writeFileSync(join(runDir, 'config.json'), runConfig(1, true));
    expect(() => replayRunToModelDir(runDir, join(dir, 'x'))).toThrow(/no ES history/);
    writeFileSync(join(runDir, 'config.json'), JSON.stringify({ seed: 1, es: true }));
    expect(() => replayRunToModelDir(runDir, join(dir, 'x'))).toThrow(/config\.json: not an ahd run config \(problem: must be a string\)/);
  });
});

/** A config.json as the engine writes it (the fields replay reads, and what every reader checks). */
function runConfig(seed: number, es: boolean): string {
  const sampling = { temperature: 1, topP: 1, topK: 0, maxNewTokens: 8, stop: [] };
  const llm = { backend: 'onnx', source: FIXTURE, model: 'tiny-lm', promptStyle: 'reference' };
  return JSON.stringify({ problem: 'tsp50', scaffold: 'sample', es, budget: 20, seed, llm, sampling });
}
