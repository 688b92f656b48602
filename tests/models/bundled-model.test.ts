import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tokenizer } from '@huggingface/tokenizers';
import { getProblem } from '../../src/problems/index.ts';
import { PROBLEM_IDS } from '../../src/problems/types.ts';
import { COMPACT_EOS, COMPACT_SPECIAL_TOKENS, compactPrompt } from '../../src/scaffolds/prompts/compact.ts';
import { defaultModelName } from '../../src/llm/onnx/bundled-model.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import { parseResponse } from '../../src/extract/parse.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { createSandboxValidator } from '../../models/recipe/corpus/validate.ts';

/** The default (I) and the three earlier defaults, which stay loadable by path: each answers in its own prompt style. */
const MODELS = [
  { name: defaultModelName(), style: 'compact-sig' },
  { name: 'ahd-heuristic-lm-12', style: 'compact-sig' },
  { name: 'ahd-heuristic-lm-10', style: 'compact-sig' },
  { name: 'ahd-heuristic-lm', style: 'compact' },
] as const;
const dirOf = (name: string) => new URL(`../../models/${name}/`, import.meta.url);
const json = (name: string, file: string) => JSON.parse(readFileSync(new URL(file, dirOf(name)), 'utf8'));

describe.each(MODELS)('bundled model $name: files', ({ name, style }) => {
  it(`declares the ${style} prompt style and its eos token`, () => {
    expect(json(name, 'config.json').ahd_prompt_style).toBe(style);
    expect(json(name, 'tokenizer_config.json').eos_token).toBe(COMPACT_EOS);
  });

  it('tokenizer: special marks are single tokens and code round-trips', () => {
    const tokenizer = new Tokenizer(json(name, 'tokenizer.json'), json(name, 'tokenizer_config.json'));
    for (const mark of COMPACT_SPECIAL_TOKENS) expect(tokenizer.encode(mark).ids).toHaveLength(1);
    const text = `#kp100 m2\n<p>{Ratio.}\n${getProblem('kp100').baselines['ratio-greedy']}\n<a>{x}\nfunction f() {}<|end|>`;
    expect(tokenizer.decode(tokenizer.encode(text).ids, { skip_special_tokens: false })).toBe(text);
  });
});

describe.each(MODELS)('bundled model $name generates valid heuristics (seeded i1 samples, cut-down train splits)', ({ name, style }) => {
  let model: LanguageModel;
  const validator = createSandboxValidator(1);
  beforeAll(async () => {
    model = await loadOnnxModel(dirOf(name).pathname);
  }, 60_000);
  afterAll(async () => {
    await model?.close();
    await validator.close();
  });

  it.each(PROBLEM_IDS)('%s: at least 2 of 3 samples are valid', async (id) => {
    const problem = getProblem(id);
    let valid = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const gen = await model.generate({ messages: compactPrompt({ operator: 'i1', problem, parents: [] }, style), sampling: model.defaults, seed });
      const parsed = parseResponse(gen.text, problem.fnName);
      if (parsed.ok && (await validator.validate(id, parsed.code))) valid++;
    }
    expect(valid).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
