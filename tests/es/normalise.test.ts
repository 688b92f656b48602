import { describe, expect, it } from 'vitest';
import { centeredRanks, normalise, zScores } from '../../src/es/normalise.ts';
import { negativeObjectiveRewards } from '../../src/es/rewards.ts';

describe('zScores', () => {
  it('centres and scales with ddof 0, rounded to float32', () => {
    const z = zScores([1, 2, 3, 4]);
    const std = Math.sqrt(1.25);
    expect(z).toEqual([-1.5, -0.5, 0.5, 1.5].map((d) => Math.fround(d / (std + 1e-8))));
    expect(z.every((v) => Math.fround(v) === v)).toBe(true);
  });

  it('maps equal rewards (and the all-invalid zeros) to zero z, so the update is zero', () => {
    expect(zScores(negativeObjectiveRewards([Infinity, Infinity]))).toEqual([0, 0]);
    expect(zScores([5, 5, 5])).toEqual([0, 0, 0]);
    expect(zScores([])).toEqual([]);
  });
});

describe('centeredRanks', () => {
  it('spans [-0.5, 0.5] and averages ties', () => {
    expect(centeredRanks([10, -1, 3])).toEqual([0.5, -0.5, 0]);
    expect(centeredRanks([2, 1, 2, 0])).toEqual([(2.5 / 3) - 0.5, 1 / 3 - 0.5, (2.5 / 3) - 0.5, -0.5]);
    expect(centeredRanks([7])).toEqual([0]);
  });
});

describe('normalise', () => {
  it('dispatches and rejects non-finite rewards', () => {
    expect(normalise([1, 3], 'centered_rank')).toEqual([-0.5, 0.5]);
    expect(normalise([1, 3], 'zscore')).toEqual(zScores([1, 3]));
    expect(() => normalise([1, Infinity], 'zscore')).toThrow(/finite/);
  });
});
