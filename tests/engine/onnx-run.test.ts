import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { getScaffold } from '../../src/scaffolds/index.ts';
import { runSearch } from '../../src/engine/run.ts';
import { REFERENCE_ES } from '../../src/es/optimizer.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import { nativeEvaluator } from './doubles.ts';
import { readEventObjects, tempDir } from './helpers.ts';

const FIXTURE = new URL('../fixtures/tiny-lm', import.meta.url).pathname;

describe('runSearch on the onnx backend (tiny untrained fixture)', () => {
  it('Sample+ES: perturbed generation on two replicas, an update per batch, history with the live weights', async () => {
    // The fixture writes noise, so nothing is valid: this checks the ES path, not the search.
    const modelDir = join(tempDir(), 'model');
    cpSync(FIXTURE, modelDir, { recursive: true });
    const config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8'));
    writeFileSync(join(modelDir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact' }));
    const model = await loadOnnxModel(modelDir, { replicas: 2 });
    const dir = tempDir();
    try {
      await expect(
        runSearch({
          problem: getProblem('tsp50'),
          scaffold: getScaffold('sample'),
          budget: 20,
          seed: 1,
          es: REFERENCE_ES,
          dir,
          resume: false,
          model,
          llm: { backend: 'onnx', source: modelDir },
          sampling: model.defaults,
          evaluator: nativeEvaluator(),
          evaluationConcurrency: 1,
        }),
      ).rejects.toThrow(/no valid heuristic in 20 samples/);
      const events = readEventObjects(dir);
      const generations = events.filter((e) => e.type === 'generation');
      expect(generations.every((g) => g.perturbation?.sigma === REFERENCE_ES.sigma0)).toBe(true);
      expect(events.filter((e) => e.type === 'update')).toHaveLength(1);
      const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
      expect(history.model.n_tensors).toBe(model.es?.size.tensors);
      expect(history.records[0].seeds).toHaveLength(20);
      expect(history.records[0].weights_fingerprint).toBe(await model.es?.fingerprint());
    } finally {
      await model.close();
    }
  });
});
