import { describe, expect, test } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { logitsProcessors, topKProcessor, topPProcessor } from '../../src/llm/sampling/logits-processors.ts';
import { greedySampler, multinomialSampler } from '../../src/llm/sampling/sampler.ts';
import {
  contextCriterion,
  cutAtStopStrings,
  firstStop,
  maxTokensCriterion,
  stopStringCriterion,
  stopTokenCriterion,
} from '../../src/llm/sampling/stopping.ts';

const kept = (logits: Float32Array) => [...logits.keys()].filter((i) => logits[i] !== -Infinity);

describe('logits processors', () => {
  test('top-k keeps the k largest', () => {
    const logits = Float32Array.of(0.1, 3, -1, 2, 0.5);
    topKProcessor(2)(logits);
    expect(kept(logits)).toEqual([1, 3]);
  });

  test.each([
    [0.5, [0]], // p(0) = 0.6 already reaches 0.5
    [0.7, [0, 1]],
    [0.9, [0, 1, 2]],
    [1, [0, 1, 2, 3]],
  ])('top-p %f keeps the smallest prefix reaching the mass', (p, expected) => {
    const probs = [0.6, 0.25, 0.1, 0.05];
    const logits = Float32Array.from(probs, Math.log);
    topPProcessor(p)(logits);
    expect(kept(logits)).toEqual(expected);
  });

  test('temperature scales logits; greedy (0) needs no processors', () => {
    expect(logitsProcessors({ temperature: 0, topK: 5, topP: 0.5 })).toHaveLength(0);
    const logits = Float32Array.of(1, 2);
    for (const p of logitsProcessors({ temperature: 0.5, topK: 0, topP: 1 })) p(logits);
    expect([...logits]).toEqual([2, 4]);
  });
});

describe('samplers', () => {
  test('greedy takes the first maximum', () => {
    expect(greedySampler(Float32Array.of(1, 5, 5, 2))).toBe(1);
  });

  test('multinomial follows the softmax and never picks a masked token', () => {
    const sample = multinomialSampler(createRng(42));
    const logits = Float32Array.of(Math.log(0.7), Math.log(0.3), -Infinity);
    const counts = [0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[sample(logits)]++;
    expect(counts[2]).toBe(0);
    expect(counts[0] / 4000).toBeGreaterThan(0.66);
    expect(counts[0] / 4000).toBeLessThan(0.74);
  });

  test('the same seed draws the same tokens', () => {
    const logits = Float32Array.from({ length: 50 }, (_, i) => Math.sin(i));
    const draw = (seed: number) => {
      const s = multinomialSampler(createRng(seed));
      return Array.from({ length: 20 }, () => s(logits));
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
  });
});

describe('stopping criteria', () => {
  const progress = (ids: number[], text = '') => ({ ids, text: () => text });

  test('stop token, max tokens, context and stop strings, first one wins', () => {
    const criteria = [stopTokenCriterion([9]), stopStringCriterion(['\n\n']), maxTokensCriterion(3), contextCriterion(10, 12)];
    expect(firstStop(criteria, progress([1]))).toBeNull();
    expect(firstStop(criteria, progress([1, 9]))).toBe('stop');
    expect(firstStop(criteria, progress([1, 2], 'a\n\nb'))).toBe('stop');
    expect(firstStop(criteria, progress([1, 2]))).toBe('length'); // 10 + 2 positions: the context is full
    expect(firstStop([maxTokensCriterion(3)], progress([1, 2, 3]))).toBe('length');
  });

  test('the text is cut at the earliest stop string', () => {
    expect(cutAtStopStrings('abc END x STOP', ['STOP', 'END'])).toBe('abc ');
    expect(cutAtStopStrings('abc', ['zz'])).toBe('abc');
  });
});
