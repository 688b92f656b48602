import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NUMERIC_LITERAL, decimalLiterals } from '../../src/ground/numeric-literals.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import { isSlotComplete, isSlotPrefix, numberTemplate } from '../../src/llm/sampling/number-template.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { FIXTURE, SAMPLING, request } from './onnx-helpers.ts';

/** What stays when only the decimals change. */
const decimalsMasked = (text: string) => text.replace(NUMERIC_LITERAL, (m, fraction) => (fraction === undefined ? m : '#'));

describe('number templates', () => {
  test('split into fixed text and decimal slots; a space before a number belongs to its slot; integers stay fixed', () => {
    const t = numberTemplate('{w 0.5}\nreturn 1.25 * d[2] + x2 - (3.0);');
    expect(t.fixed).toEqual(['{w', '}\nreturn', ' * d[2] + x2 - (', ');']);
    expect(t.slots).toEqual([{ lead: ' ' }, { lead: ' ' }, { lead: '' }]);
  });

  test('a text without decimals is one fixed part; a text ending on a number ends with an empty one', () => {
    expect(numberTemplate('return d[1] + 2;')).toEqual({ fixed: ['return d[1] + 2;'], slots: [] });
    expect(numberTemplate('k = 0.25').fixed).toEqual(['k =', '']);
  });

  test('a slot takes a decimal of at most three integer digits (no leading zero) and four decimals', () => {
    for (const ok of ['', ' ', ' 0', ' 0.', ' 0.3', ' 12.3456', ' 999.9']) expect(isSlotPrefix(ok, ' ')).toBe(true);
    for (const bad of ['0', ' 01', ' .5', ' 1234', ' 1.23456', ' 1..2', '  1', ' 1e']) expect(isSlotPrefix(bad, ' ')).toBe(false);
    expect(isSlotPrefix('0.5', '')).toBe(true);
    expect(isSlotPrefix(' 0.5', '')).toBe(false);
    for (const done of [' 0.3', ' 12.25']) expect(isSlotComplete(done, ' ')).toBe(true);
    for (const open of [' 0', ' 0.', ' ', '']) expect(isSlotComplete(open, ' ')).toBe(false);
  });
});

describe('numbers-only decoding on the tiny model', () => {
  const template = '{w 0.5}\nreturn 1.25 * d + 0.03 * x;';
  const sampling = { ...SAMPLING, maxNewTokens: 80 };
  let model: LanguageModel;
  beforeAll(async () => {
    model = await loadOnnxModel(FIXTURE);
  });
  afterAll(() => model.close());

  test('the answer is the template with new, well-formed decimals; a seed gives one answer', async () => {
    expect(model.writesNumbersOnly).toBe(true);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => model.generate(request(seed, { sampling, numbersOf: template }))));
    for (const a of answers) {
      expect(a.finishReason).toBe('stop');
      expect(decimalsMasked(a.text)).toBe(decimalsMasked(template));
      for (const literal of decimalLiterals(a.text)) expect(literal.text).toMatch(/^(0|[1-9]\d{0,2})\.\d{1,4}$/);
    }
    expect(new Set(answers.map((a) => a.text)).size).toBeGreaterThan(1);
    const again = await model.generate(request(3, { sampling, numbersOf: template }));
    expect(again.text).toBe(answers[2].text);
  });

  test('in one batch beside free answers it writes what it writes alone, and the free answers are unchanged', async () => {
    const templated = request(7, { sampling, numbersOf: template });
    const free = request(8, { sampling });
    const [alone, freeAlone] = [await model.generate(templated), await model.generate(free)];
    const [inBatch, freeInBatch] = await model.generateBatch!([templated, free]);
    expect(inBatch.text).toBe(alone.text);
    expect(freeInBatch.text).toBe(freeAlone.text);
  });

  test('greedy and perturbed decoding keep the template, and the weights come back', async () => {
    const before = await model.es!.fingerprint();
    const greedy = await model.generate(request(1, { sampling: { ...sampling, temperature: 0 }, numbersOf: template }));
    const perturbed = await model.generate(request(1, { sampling, numbersOf: template, perturbation: { seed: 5, sigma: 0.05 } }));
    for (const a of [greedy, perturbed]) expect(decimalsMasked(a.text)).toBe(decimalsMasked(template));
    expect(await model.es!.fingerprint()).toBe(before);
  });

  test('an answer longer than maxNewTokens is cut for length, a prefix of the template', async () => {
    const short = await model.generate(request(2, { sampling: { ...sampling, maxNewTokens: 6 }, numbersOf: template }));
    expect(short.finishReason).toBe('length');
    expect(template.startsWith(short.text.slice(0, 3))).toBe(true);
    expect(short.text.length).toBeLessThan(template.length);
  });
});
