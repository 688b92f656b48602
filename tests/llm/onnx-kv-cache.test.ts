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
  const cached = lm.startSequence();
  let stepLogits = await cached.append(tokens.slice(0, prompt));
  for (let n = prompt; n <= tokens.length; n++) {
    const full = await lm.startSequence().append(tokens.slice(0, n));
    expect(cached.length).toBe(n);
    let maxDiff = 0;
    for (let i = 0; i < full.length; i++) maxDiff = Math.max(maxDiff, Math.abs(full[i] - stepLogits[i]));
    expect(maxDiff).toBeLessThan(1e-5);
    if (n < tokens.length) stepLogits = await cached.append([tokens[n]]);
  }
  await lm.release();
});
