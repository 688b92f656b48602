import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { getScaffold } from '../../src/scaffolds/index.ts';
import { runSearch } from '../../src/engine/run.ts';
import { replayRunToModelDir } from '../../src/engine/replay-run.ts';
import { lineage } from '../../src/engine/warm-start.ts';
import { DEFAULT_ES, type EsParams } from '../../src/es/optimizer.ts';
import { weightsFingerprint } from '../../src/es/fingerprint.ts';
import { bundledModelDir } from '../../src/llm/onnx/bundled-model.ts';
import { loadOnnxModel, readModelWeights } from '../../src/llm/onnx/index.ts';
import { nativeEvaluator } from './doubles.ts';
import { tempDir } from './helpers.ts';

/**
 * Warm start on the bundled model: run B starts from run A's tuned weights, run C from B's. Each run's last
 * recorded fingerprint is its live weights; `ahd replay` of C must rebuild them exactly through the chain.
 */
const MODEL = bundledModelDir();
// One batch of 20 per run (one update each), one sample per direction.
const ES: EsParams = { ...DEFAULT_ES, samplesPerDirection: 1 };
const root = tempDir('ahd-warm-');
const dirs = { a: join(root, 'a'), b: join(root, 'b'), c: join(root, 'c') };

type OnnxModel = Awaited<ReturnType<typeof loadOnnxModel>>;

/** A budget-20 Sample+ES run on tsp50 with the bundled model (one batch, one update). */
function sampleEsRun(model: OnnxModel, dir: string, seed: number, es: EsParams) {
  return runSearch({
    problem: getProblem('tsp50'),
    scaffold: getScaffold('sample'),
    budget: 20,
    seed,
    es,
    dir,
    resume: false,
    model,
    llm: { backend: 'onnx', source: MODEL },
    sampling: model.defaults,
    evaluator: nativeEvaluator(2),
    evaluationConcurrency: 1,
  });
}

async function esRun(dir: string, seed: number, initFrom?: string): Promise<string> {
  const model = await loadOnnxModel(MODEL, { replicas: 1, esScope: ES.scope });
  try {
    await sampleEsRun(model, dir, seed, { ...ES, ...(initFrom && { initFrom }) });
    return await model.es!.fingerprint();
  } finally {
    await model.close();
  }
}

const history = (dir: string) => JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
const config = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

describe('--init-from: chained runs replay exactly', { timeout: 600_000 }, () => {
  const live: Record<string, string> = {};

  it('records the lineage and starts each run from the weights the one before ended with', async () => {
    live.a = await esRun(dirs.a, 1);
    live.b = await esRun(dirs.b, 2, dirs.a);
    live.c = await esRun(dirs.c, 3, dirs.b);
    expect(new Set(Object.values(live)).size).toBe(3);
    expect(config(dirs.b).es.initFrom).toBe(dirs.a);
    expect(history(dirs.c).init_from).toBe(dirs.b);
    expect(history(dirs.b).model.base_fingerprint).toBe(live.a);
    expect(config(dirs.c).recorded.baseFingerprint).toBe(live.b);
    expect(history(dirs.c).records.at(-1).weights_fingerprint).toBe(live.c);
    expect(lineage(dirs.c).map((l) => l.dir)).toEqual([dirs.a, dirs.b, dirs.c]);
  });

  it('ahd replay of the last run rebuilds its live weights through the chain', () => {
    const out = join(root, 'tuned');
    const result = replayRunToModelDir(dirs.c, out);
    expect(result.fingerprint).toBe(live.c);
    expect(result.lineage).toEqual([dirs.a, dirs.b]);
    expect(weightsFingerprint(readModelWeights(out).weights)).toBe(live.c);
  });

  it('refuses a scope other than the lineage\'s', async () => {
    const model = await loadOnnxModel(MODEL, { replicas: 1, esScope: { parameterScope: 'full', sigmaScale: 'rms' } });
    try {
      await expect(
        sampleEsRun(model, join(root, 'd'), 4, { ...ES, scope: { parameterScope: 'full', sigmaScale: 'rms' }, initFrom: dirs.a }),
      ).rejects.toThrow(/scope late\/rms, this run full\/rms/);
    } finally {
      await model.close();
    }
  });
});
