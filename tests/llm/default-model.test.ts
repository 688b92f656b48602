import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultModelName, readDefaultModelName } from '../../src/llm/onnx/bundled-model.ts';
import { tempDir } from '../engine/helpers.ts';

/** A models/ folder holding only default.json with `text`. */
function modelsDir(text?: string): string {
  const dir = join(tempDir(), 'models');
  mkdirSync(dir, { recursive: true });
  if (text !== undefined) writeFileSync(join(dir, 'default.json'), text);
  return dir;
}

describe('models/default.json names the default model', () => {
  it('the shipped file names ahd-heuristic-lm-13', () => {
    expect(defaultModelName()).toBe('ahd-heuristic-lm-13');
  });

  it('reads "model" from the file', () => {
    expect(readDefaultModelName(modelsDir('{ "model": "my-lm" }'))).toBe('my-lm');
  });

  it.each([
    ['missing', undefined, /cannot read the default model's name from .*default\.json \(ENOENT.*\): pass --model <dir>$/],
    ['not JSON', '{ model: ', /cannot read the default model's name from .*default\.json \(.*JSON.*\): pass --model <dir>$/],
    ['without "model"', '{ "name": "x" }', /default\.json names no model folder .*: pass --model <dir>$/],
    ['an empty name', '{ "model": "" }', /default\.json names no model folder .*: pass --model <dir>$/],
  ])('%s: a usage error that says how to go on', (_, text, message) => {
    expect(() => readDefaultModelName(modelsDir(text))).toThrow(message);
  });
});
