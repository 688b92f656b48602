import { describe, expect, test } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { logitsProcessors, rankByLogit, topKProcessor, topPProcessor } from '../../src/llm/sampling/logits-processors.ts';
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

  test('top-p ranks by logit then id: ties (also -0 and +0) keep the smaller id first, masked tokens are left out', () => {
    const logits = Float32Array.of(1, -0, 2, 0, -Infinity, 2, -3.5, 1);
    expect([...rankByLogit(logits)]).toEqual([2, 5, 0, 7, 1, 3, 6]);
  });

  test('the radix ranking is the comparator ranking on random logits of several vocabulary sizes', () => {
    const rng = createRng(5);
    for (const size of [1, 2, 7, 1110, 5000]) {
      for (let trial = 0; trial < 20; trial++) {
        // Few distinct values, so ties are common; some masked tokens and zeros of both signs.
        const logits = Float32Array.from({ length: size }, () => {
          const u = rng.next();
          return u < 0.1 ? -Infinity : u < 0.15 ? -0 : u < 0.2 ? 0 : Math.round((rng.next() - 0.5) * 16) / 4 + (u < 0.5 ? 0 : rng.next());
        });
        const byComparator = [...logits.keys()].filter((i) => logits[i] !== -Infinity).sort((a, b) => logits[b] - logits[a] || a - b);
        expect([...rankByLogit(logits)]).toEqual(byComparator);
      }
    }
  });

  test('ranks a vocabulary past 2^21 ids (where 53-bit packed keys ran out) in order, every unmasked id once', () => {
    const rng = createRng(11);
    const logits = Float32Array.from({ length: 2 ** 21 + 3 }, () => (rng.next() < 0.05 ? -Infinity : Math.round((rng.next() - 0.5) * 4096) / 64));
    const ranked = rankByLogit(logits);
    expect(ranked.length).toBe(logits.filter((l) => l !== -Infinity).length);
    expect(new Set(ranked).size).toBe(ranked.length);
    let ordered = true;
    for (let k = 1; k < ranked.length; k++) {
      const [a, b] = [logits[ranked[k - 1]], logits[ranked[k]]];
      ordered &&= a > b || (a === b && ranked[k - 1] < ranked[k]);
    }
    expect(ordered).toBe(true);
  });

  test('a NaN logit falls back to the comparator', () => {
    const logits = Float32Array.of(0.5, Number.NaN, 2, -1);
    const byComparator = [0, 1, 2, 3].sort((a, b) => logits[b] - logits[a] || a - b);
    expect([...rankByLogit(logits)]).toEqual(byComparator);
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
