import { DEFAULT_SCOPE } from '../../src/es/scope.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WeightsEs } from '../../src/es/weights-es.ts';
import { loadOnnxModel, readModelDir } from '../../src/llm/onnx/index.ts';
import { liftWeights } from '../../src/llm/onnx/lift-weights.ts';
import { Replica, type ReplicaSpec } from '../../src/llm/onnx/replica.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { FIXTURE, request } from './onnx-helpers.ts';

/** A replica in this thread; `weights` is its live buffer and `base` a copy taken once it is on the ES grid. */
async function inThreadReplica(): Promise<{ replica: Replica; weights: Float32Array; base: Float32Array }> {
  const model = readModelDir(FIXTURE);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const spec: ReplicaSpec = { ...model, modelBytes: lifted.modelBytes, layout: lifted.layout, threads: 1, esScope: DEFAULT_SCOPE };
  const replica = await Replica.create(spec, lifted.weights);
  return { replica, weights: lifted.weights, base: lifted.weights.slice() };
}

const sameBits = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer).equals(Buffer.from(b.buffer));

describe('perturbation on one replica', () => {
  test('a perturbed generation differs, and the weights come back bit for bit', async () => {
    const { replica, weights, base } = await inThreadReplica();
    const plain = await replica.generate(request(5));
    const perturbed = await replica.generate(request(5, { perturbation: { seed: 11, sigma: 0.05 } }));
    expect(perturbed.text).not.toBe(plain.text);
    expect(sameBits(weights, base)).toBe(true);
    expect((await replica.generate(request(5))).text).toBe(plain.text);
    await replica.release();
  });

  test('the weights are restored even when the generation fails', async () => {
    const { replica, weights, base } = await inThreadReplica();
    const failing = replica.generate(request(5, { perturbation: { seed: 3, sigma: 0.05 } }), () => {
      throw new Error('cancelled');
    });
    await expect(failing).rejects.toThrow('cancelled');
    expect(sameBits(weights, base)).toBe(true);
    replica.update([1], [1], 0.01); // allowed again: no perturbation is live
    expect(sameBits(weights, base)).toBe(false);
    await replica.release();
  });
});

describe('updates across replicas', () => {
  let model: LanguageModel;
  beforeAll(async () => {
    model = await loadOnnxModel(FIXTURE, { replicas: 2 });
  });
  afterAll(() => model.close());

  test('update changes the weights identically on both replicas, as WeightsEs computes', async () => {
    const before = await model.es!.fingerprint();
    const seeds = [101, 202, 303];
    const z = [1.2, -0.3, -0.9];
    await model.es!.update(seeds, z, 0.05);
    const after = await model.es!.fingerprint(); // throws if the replicas disagree
    expect(after).not.toBe(before);

    const { weights, layout } = liftWeights(readModelDir(FIXTURE).modelBytes, FIXTURE);
    const es = new WeightsEs(weights, layout);
    expect(es.fingerprint()).toBe(before);
    es.update(seeds, z, 0.05);
    expect(es.fingerprint()).toBe(after);
  });

  test('both replicas serve requests and give the same text for the same seed', async () => {
    expect(model.parallelism).toBe(2);
    const texts = await Promise.all([1, 1, 1, 1].map((s) => model.generate(request(s)).then((g) => g.text)));
    expect(new Set(texts).size).toBe(1);
  });

  test('an update is refused while a perturbed generation runs, and works after it', async () => {
    const perturbed = model.generate(request(9, { perturbation: { seed: 4, sigma: 0.05 }, sampling: { ...request(0).sampling, maxNewTokens: 60 } }));
    await new Promise((r) => setTimeout(r, 5));
    await expect(model.es!.update([1], [1], 0.01)).rejects.toThrow(/perturb/);
    await perturbed;
    const before = await model.es!.fingerprint();
    await model.es!.update([1], [1], 0.01);
    expect(await model.es!.fingerprint()).not.toBe(before);
  });

  test('an aborted perturbed generation restores the weights on its replica', async () => {
    const before = await model.es!.fingerprint();
    const controller = new AbortController();
    const pending = model.generate(
      request(2, { signal: controller.signal, perturbation: { seed: 8, sigma: 0.05 }, sampling: { ...request(0).sampling, maxNewTokens: 100 } }),
    );
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await model.es!.fingerprint()).toBe(before);
  });
});
