import { describe, expect, test } from 'vitest';
import { CausalLm } from '../../src/llm/onnx/causal-lm.ts';
import { readModelDir } from '../../src/llm/onnx/index.ts';
import { liftWeights } from '../../src/llm/onnx/lift-weights.ts';
import { createSession } from '../../src/llm/onnx/ort.ts';
import { timeMajorCache } from '../../src/llm/onnx/time-major-cache.ts';
import { FIXTURE } from './onnx-helpers.ts';

/** The fixture's session, with the cache as exported (batch-major) or rewritten (time-major). */
async function fixtureLm(layout: 'batch-major' | 'time-major', prefillChunk?: number): Promise<CausalLm> {
  const model = readModelDir(FIXTURE);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const rewritten = layout === 'time-major' ? timeMajorCache(lifted.modelBytes, model.signature) : undefined;
  if (layout === 'time-major') expect(rewritten?.signature.cacheLayout).toBe('time-major');
  const { modelBytes, signature } = rewritten ?? { modelBytes: lifted.modelBytes, signature: model.signature };
  return new CausalLm(await createSession(modelBytes, 1, FIXTURE), signature, lifted.layout, lifted.weights, prefillChunk);
}

describe.each(['batch-major', 'time-major'] as const)('the %s KV cache', (layout) => {
test('decoding through the KV cache gives the logits of a full recompute at every step', async () => {
  const lm = await fixtureLm(layout);
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
  const lm = await fixtureLm(layout);
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

test('prompts fed in chunks through the cache give bit for bit the logits of one pass, at every later step too', async () => {
  const [whole, chunked] = await Promise.all([fixtureLm(layout), fixtureLm(layout, 3)]);
  const prompts = [[272, 274, 198], [256, 68, 268, 84, 77, 66, 83, 272], [84, 77]];
  const batches = [whole.startBatch(3), chunked.startBatch(3)];
  let tokens: number[][] = prompts;
  for (let step = 0; step < 12; step++) {
    const [a, b] = await Promise.all(batches.map((batch) => batch.append(tokens)));
    a.forEach((logits, r) => expect(Buffer.from(b[r].buffer).equals(Buffer.from(logits.buffer))).toBe(true));
    // Step 5 appends several tokens at once (as numbers-only decoding feeds fixed text), again wider than a chunk.
    tokens = a.map((logits, r) => (step === 5 ? [argmax(logits), 66, 83, 84, 77].slice(r) : [argmax(logits)]));
  }
  await Promise.all([whole.release(), chunked.release()]);
});
});

test('the time-major cache gives bit for bit the logits of the exported layout, batched, over many steps and a row leaving', async () => {
  const [exported, rewritten] = await Promise.all([fixtureLm('batch-major'), fixtureLm('time-major')]);
  const prompts = [[272, 274, 198], [256, 68, 268, 84, 77, 66, 83], [84, 77]];
  const batches = [exported.startBatch(3), rewritten.startBatch(3)];
  let tokens: number[][] = prompts;
  for (let step = 0; step < 40; step++) {
    const [a, b] = await Promise.all(batches.map((batch) => batch.append(tokens)));
    a.forEach((logits, r) => expect(Buffer.from(b[r].buffer).equals(Buffer.from(logits.buffer))).toBe(true));
    let next = a.map((logits) => [argmax(logits)]);
    if (step === 12) {
      batches.forEach((batch) => batch.keep([0, 2])); // the middle sequence finished
      next = [next[0], next[2]];
    }
    tokens = next;
  }
  expect(batches[1].size).toBe(2);
  await Promise.all([exported.release(), rewritten.release()]);
});

test('a model already rewritten, or without a cache, is left as it is', () => {
  const model = readModelDir(FIXTURE);
  const once = timeMajorCache(model.modelBytes, model.signature)!;
  expect(timeMajorCache(once.modelBytes, once.signature)).toBeUndefined();
  expect(timeMajorCache(model.modelBytes, { ...model.signature, cache: [] })).toBeUndefined();
  expect(once.signature.cache[0].presentKey).toBe('delta.0.key');
});

const argmax = (xs: Float32Array) => xs.reduce((best, x, i) => (x > xs[best] ? i : best), 0);

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
}
