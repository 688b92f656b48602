import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { loadOnnxModel, readModelDir } from '../../src/llm/onnx/index.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { FIXTURE, SAMPLING, fixtureCopy, identityModelBytes, request } from './onnx-helpers.ts';

describe('loading the tiny fixture', () => {
  let model: LanguageModel;
  beforeAll(async () => {
    model = await loadOnnxModel(FIXTURE);
  });
  afterAll(() => model.close());

  test('reads name, prompt style and sampling defaults from the model dir', () => {
    expect(model.name).toBe('tiny-lm');
    expect(model.promptStyle).toBe('reference');
    expect(model.parallelism).toBe(1);
    expect(model.defaults).toEqual({ temperature: 0.8, topP: 0.95, topK: 0, maxNewTokens: 32, stop: [] });
    expect(model.es).toBeDefined();
  });

  test('generates up to maxNewTokens and counts tokens', async () => {
    const g = await model.generate(request(1));
    expect(g.finishReason).toBe('length');
    expect(g.completionTokens).toBe(SAMPLING.maxNewTokens);
    expect(g.promptTokens).toBeGreaterThan(10);
    expect(g.text.length).toBeGreaterThan(0);
  });

  test('a prompt the context cannot hold gets an empty answer cut for length, and the others their own answers', async () => {
    // The fixture's context is 128 positions; byte-level tokens make this prompt far longer.
    const long = request(5, { messages: [{ role: 'user', content: 'x '.repeat(200) }] });
    const alone = await model.generate(request(5));
    const [tooLong, beside] = await Promise.all([model.generate(long), model.generate(request(5))]);
    expect(tooLong).toMatchObject({ text: '', completionTokens: 0, finishReason: 'length' });
    expect(tooLong.promptTokens).toBeGreaterThanOrEqual(128);
    expect(beside.text).toBe(alone.text);
  });

  test('the same seed gives the same text, different seeds differ', async () => {
    const [a, b, c] = await Promise.all([model.generate(request(7)), model.generate(request(7)), model.generate(request(8))]);
    expect(a.text).toBe(b.text);
    expect(c.text).not.toBe(a.text);
  });

  test('greedy decoding ignores the seed', async () => {
    const greedy = { ...SAMPLING, temperature: 0 };
    const [a, b] = await Promise.all([
      model.generate(request(1, { sampling: greedy })),
      model.generate(request(2, { sampling: greedy })),
    ]);
    expect(a.text).toBe(b.text);
  });

  test('a stop string ends the completion and is cut off', async () => {
    const full = await model.generate(request(3));
    const stop = full.text.slice(5, 7);
    const cut = await model.generate(request(3, { sampling: { ...SAMPLING, stop: [stop] } }));
    expect(cut.finishReason).toBe('stop');
    expect(cut.text).toBe(full.text.slice(0, full.text.indexOf(stop)));
  });

  test('an aborted request rejects with the abort reason and the replica keeps serving', async () => {
    const controller = new AbortController();
    const pending = model.generate(request(4, { signal: controller.signal, sampling: { ...SAMPLING, maxNewTokens: 120 } }));
    controller.abort(new Error('stop now'));
    await expect(pending).rejects.toThrow('stop now');
    expect((await model.generate(request(4))).completionTokens).toBe(SAMPLING.maxNewTokens);
  });

  test('rejects invalid sampling options as usage errors', async () => {
    await expect(model.generate(request(1, { sampling: { ...SAMPLING, topP: 0 } }))).rejects.toThrow(/sampling\.topP/);
  });
});

describe('model dir errors', () => {
  const expectModelError = (fn: () => unknown, pattern: RegExp) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AhdError);
      expect((error as AhdError).code).toBe('model');
      expect((error as AhdError).message).toMatch(pattern);
      return;
    }
    throw new Error('expected a model error');
  };

  test('missing dir: a usage error (exit 2), as for any missing file the user named', () => {
    expect(() => readModelDir('/nonexistent/model')).toThrow(expect.objectContaining({ code: 'usage', message: expect.stringMatching(/model dir .* not found/) }));
  });

  test.each(['model.onnx', 'tokenizer.json', 'config.json'])('missing %s: a usage error too', (file) => {
    const dir = fixtureCopy();
    rmSync(join(dir, file));
    expect(() => readModelDir(dir)).toThrow(expect.objectContaining({ code: 'usage', message: `${join(dir, file)} not found (not a model directory?)` }));
  });

  test('corrupted model.onnx (garbage and truncated)', () => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'model.onnx'), Buffer.alloc(64, 0xff));
    expectModelError(() => readModelDir(dir), /not a valid ONNX model/);
    const truncated = readModelDir(FIXTURE).modelBytes.subarray(0, 5000);
    writeFileSync(join(dir, 'model.onnx'), truncated);
    expectModelError(() => readModelDir(dir), /not a valid ONNX model/);
  });

  test('an ONNX model that is not a causal LM', () => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'model.onnx'), identityModelBytes());
    expectModelError(() => readModelDir(dir), /not a causal LM: no 'input_ids' input/);
  });

  test('loadOnnxModel rejects with the same error', async () => {
    await expect(loadOnnxModel('/nonexistent/model')).rejects.toThrow(/model dir .* not found/);
  });

  test('a bad prompt style in config.json', () => {
    const dir = fixtureCopy();
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'verbose' }));
    expectModelError(() => readModelDir(dir), /ahd_prompt_style/);
  });
});
