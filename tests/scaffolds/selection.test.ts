import { describe, expect, it } from 'vitest';
import { probRank, probRankWeights } from '../../src/scaffolds/eoh/selection.ts';
import { createRng } from '../../src/ground/rng.ts';

describe('probRankWeights', () => {
  it('weighs rank r of a population of n as 1 / (r + 1 + n)', () => {
    expect(probRankWeights(3)).toEqual([1 / 4, 1 / 5, 1 / 6]);
    expect(probRankWeights(10)[9]).toBeCloseTo(1 / 20, 15);
  });
});

describe('probRank', () => {
  it('draws k parents with replacement from the population', () => {
    const rng = createRng(1);
    const picks = probRank(['a'], 2, rng);
    expect(picks).toEqual(['a', 'a']);
  });

  it('follows the weights (best rank drawn most, worst least)', () => {
    const rng = createRng(7);
    const population = Array.from({ length: 10 }, (_, i) => i);
    const counts = new Array(10).fill(0);
    const draws = 200_000;
    for (const pick of probRank(population, draws, rng)) counts[pick]++;
    const weights = probRankWeights(10);
    const total = weights.reduce((a, b) => a + b, 0);
    counts.forEach((count, r) => expect(count / draws).toBeCloseTo(weights[r] / total, 2));
  });

  it('is a pure function of the Rng state', () => {
    const population = ['a', 'b', 'c', 'd'];
    expect(probRank(population, 8, createRng(3))).toEqual(probRank(population, 8, createRng(3)));
  });

  it('refuses an empty population', () => {
    expect(() => probRank([], 1, createRng(0))).toThrow(/empty/);
  });
});
