import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { WeightLayout } from '../../src/es/types.ts';
import { CausalLm } from '../../src/llm/onnx/causal-lm.ts';
import { readModelDir, readModelWeights, writeModelDir } from '../../src/llm/onnx/index.ts';
import { liftWeights } from '../../src/llm/onnx/lift-weights.ts';
import { GraphField, describeValues, graphOf, readFields } from '../../src/llm/onnx/onnx-proto.ts';
import { createSession } from '../../src/llm/onnx/ort.ts';
import { FIXTURE, editGraph, fixtureCopy, moveWeightsToExternalData, valueInfo } from './onnx-helpers.ts';

const TOKENS = [272, 274, 198, 256, 68, 268, 84, 77];
const NO_WEIGHTS: WeightLayout = { tensors: [], totalLength: 0 };
const sameBits = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Logits after TOKENS from a model run as its bytes say (built-in initializers). */
async function builtInLogits(dir: string): Promise<Float32Array> {
  const model = readModelDir(dir);
  const lm = new CausalLm(await createSession(model.modelBytes, 1, dir), model.signature, NO_WEIGHTS, new Float32Array(0));
  try {
    return (await lm.startBatch(1).append([TOKENS]))[0];
  } finally {
    await lm.release();
  }
}

async function liftedLogits(dir: string, edit: (w: Float32Array) => void = () => {}): Promise<Float32Array> {
  const model = readModelDir(dir);
  const lifted = liftWeights(model.modelBytes, model.dir);
  edit(lifted.weights);
  const session = await createSession(lifted.modelBytes, 1, dir);
  const lm = new CausalLm(session, model.signature, lifted.layout, lifted.weights);
  try {
    return (await lm.startBatch(1).append([TOKENS]))[0];
  } finally {
    await lm.release();
  }
}

describe('weight lifting', () => {
  test('the layout covers every float initializer, contiguously, in graph order', () => {
    const { layout, weights } = readModelWeights(FIXTURE);
    expect(layout.tensors.length).toBe(15);
    expect(layout.tensors[0]).toMatchObject({ name: 'model.wte.weight', offset: 0, length: 280 * 32, dims: [280, 32] });
    let offset = 0;
    for (const t of layout.tensors) {
      expect(t.offset).toBe(offset);
      offset += t.length;
    }
    expect(layout.totalLength).toBe(offset);
    expect(weights.length).toBe(offset);
  });

  test('the lifted graph carries no weight data and declares each weight as an input', () => {
    const model = readModelDir(FIXTURE);
    const lifted = liftWeights(model.modelBytes, model.dir);
    const graph = readFields(graphOf(lifted.modelBytes));
    expect(graph.some((f) => f.field === GraphField.initializer)).toBe(false);
    const inputs = describeValues(graph, GraphField.input).map((v) => v.name);
    expect(inputs.slice(0, 3)).toEqual(['input_ids', 'attention_mask', 'position_ids']);
    expect(inputs.slice(7)).toEqual(lifted.layout.tensors.map((t) => t.name));
    expect(lifted.modelBytes.length).toBeLessThan(model.modelBytes.length - lifted.weights.byteLength + 2048);
  });

  test('lifted weights give the same logits as the built-in initializers', async () => {
    const [builtIn, lifted] = await Promise.all([builtInLogits(FIXTURE), liftedLogits(FIXTURE)]);
    expect(lifted.length).toBe(280);
    for (let i = 0; i < lifted.length; i++) expect(lifted[i]).toBeCloseTo(builtIn[i], 5);
  });

  test('changing the buffer in place changes the next run (zero-copy views)', async () => {
    const base = await liftedLogits(FIXTURE);
    const edited = await liftedLogits(FIXTURE, (w) => w.fill(0.01, 0, 280 * 32));
    expect(Math.max(...edited.map((v, i) => Math.abs(v - base[i])))).toBeGreaterThan(1e-3);
  });

  test('external data files load to the same weights', () => {
    const dir = fixtureCopy();
    moveWeightsToExternalData(dir);
    expect(readFileSync(join(dir, 'model.onnx')).length).toBeLessThan(40_000);
    expect(sameBits(readModelWeights(dir).weights, readModelWeights(FIXTURE).weights)).toBe(true);
  });

  test('initializers also declared as inputs (older IRs) are lifted without duplicate inputs', async () => {
    const dir = fixtureCopy();
    editGraph(dir, (graph) => graph.input.push(...graph.initializer.map((t) => valueInfo(t.name, 1, t.dims.map(Number)))));
    const model = readModelDir(dir);
    const lifted = liftWeights(model.modelBytes, model.dir);
    const inputs = describeValues(readFields(graphOf(lifted.modelBytes)), GraphField.input).map((v) => v.name);
    expect(new Set(inputs).size).toBe(inputs.length);
    const [original, relifted] = await Promise.all([liftedLogits(FIXTURE), liftedLogits(dir)]);
    expect(relifted).toEqual(original);
  });

  test('an input that is neither a token input, a cache nor a weight is refused', () => {
    const dir = fixtureCopy();
    editGraph(dir, (graph) => graph.input.push(valueInfo('token_type_ids', 7, [1, 1])));
    expect(() => readModelDir(dir)).toThrow(/not a causal LM: unsupported input 'token_type_ids'/);
  });

  test('a missing external data file is a model error', () => {
    const dir = fixtureCopy();
    moveWeightsToExternalData(dir);
    rmSync(join(dir, 'weights.bin'));
    expect(() => readModelWeights(dir)).toThrow(/external data file weights.bin not found/);
  });
});

describe('writeModelDir', () => {
  test('writes the given weights as initializers; the dir loads like any model', async () => {
    const { weights } = readModelWeights(FIXTURE);
    const tuned = weights.map((w, i) => w + (i % 7) * 1e-3);
    const out = join(fixtureCopy(), '..', 'tuned');
    writeModelDir(FIXTURE, out, tuned);
    expect(sameBits(readModelWeights(out).weights, tuned)).toBe(true);
    expect(readFileSync(join(out, 'tokenizer.json'), 'utf8')).toBe(readFileSync(join(FIXTURE, 'tokenizer.json'), 'utf8'));
    const [written, lifted] = await Promise.all([builtInLogits(out), liftedLogits(FIXTURE, (w) => w.set(tuned))]);
    for (let i = 0; i < written.length; i++) expect(written[i]).toBeCloseTo(lifted[i], 5);
  });

  test('from an external-data base, the unused data file is not copied', () => {
    const base = fixtureCopy();
    moveWeightsToExternalData(base);
    const out = join(base, '..', 'inline');
    writeModelDir(base, out, readModelWeights(base).weights);
    expect(existsSync(join(out, 'weights.bin'))).toBe(false);
    expect(sameBits(readModelWeights(out).weights, readModelWeights(FIXTURE).weights)).toBe(true);
  });

  test('refuses a weight buffer of the wrong size', () => {
    expect(() => writeModelDir(FIXTURE, join(fixtureCopy(), '..', 'x'), new Float32Array(3))).toThrow(/weights hold 3 floats/);
  });
});
