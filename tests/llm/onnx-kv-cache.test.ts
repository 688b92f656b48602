import { expect, test } from 'vitest';
import { CausalLm } from '../../src/llm/onnx/causal-lm.ts';
import { readModelDir } from '../../src/llm/onnx/index.ts';
import { liftWeights } from '../../src/llm/onnx/lift-weights.ts';
import { createSession } from '../../src/llm/onnx/ort.ts';
import { FIXTURE } from './onnx-helpers.ts';

test('decoding through the KV cache gives the logits of a full recompute at every step', async () => {
  const model = readModelDir(FIXTURE);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const lm = new CausalLm(await createSession(lifted.modelBytes, 1, FIXTURE), model.signature, lifted.layout, lifted.weights);
  const tokens = [272, 274, 198, 256, 68, 268, 84, 77, 66, 83];
  const prompt = 4;
  const cached = lm.startBatch(1);
  let [stepLogits] = await cached.append([tokens.slice(0, prompt)]);
  for (let n = prompt; n <= tokens.length; n++) {
    const [full] = await lm.startBatch(1).append([tokens.slice(0, n)]);
    expect(maxAbsDiff(full, stepLogits)).toBeLessThan(1e-5);
    if (n < tokens.length) [stepLogits] = await cached.append([[tokens[n]]]);
  }
  await lm.release();
});

test('a left-padded batch gives each sequence the logits it gets alone, also after finished rows leave', async () => {
  const model = readModelDir(FIXTURE);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const lm = new CausalLm(await createSession(lifted.modelBytes, 1, FIXTURE), model.signature, lifted.layout, lifted.weights);
  const prompts = [[272, 274, 198], [256, 68, 268, 84, 77, 66, 83], [84, 77]];
  const next = [[66], [83], [272]];
  const batch = lm.startBatch(prompts.length);
  const first = await batch.append(prompts);
  for (let r = 0; r < prompts.length; r++) {
    const [alone] = await lm.startBatch(1).append([prompts[r]]);
    expect(maxAbsDiff(first[r], alone)).toBeLessThan(1e-5);
  }
  batch.keep([0, 2]); // the middle sequence finished
  expect(batch.size).toBe(2);
  const second = await batch.append([next[0], next[2]]);
  for (const [position, r] of [[0, 0], [1, 2]]) {
    const [alone] = await lm.startBatch(1).append([[...prompts[r], ...next[r]]]);
    expect(maxAbsDiff(second[position], alone)).toBeLessThan(1e-5);
  }
  await lm.release();
});

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}
