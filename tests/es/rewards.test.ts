import { describe, expect, it } from 'vitest';
import { improvementRewards, negativeObjectiveRewards, sampleRankRewards } from '../../src/es/rewards.ts';

describe('improvementRewards (EoH+ES)', () => {
  it('floors invalid and worse-than-worst children at max(P - W, -1)', () => {
    const children = [8, 10, 12, 15, Infinity, NaN];
    const rewards = improvementRewards(children.map((child) => ({ parent: 10, child })), 13);
    expect(rewards).toEqual([2, 0, -2, -1, -1, -1]);
  });

  it('uses P - W when the worst member is close to the parent', () => {
    // P = 10, W = 10.5: floor is min(W, P + 1) = 10.5 -> -0.5
    expect(improvementRewards([{ parent: 10, child: Infinity }, { parent: 10, child: 11 }], 10.5)).toEqual([-0.5, -0.5]);
    expect(improvementRewards([{ parent: 10, child: 10.5 }], 10.5)).toEqual([-0.5]); // C == W counts as valid
  });

  it('falls back to the P + 1 floor without a finite worst objective', () => {
    for (const worst of [-Infinity, Infinity, NaN]) {
      expect(improvementRewards([{ parent: 10, child: 12 }, { parent: 10, child: Infinity }], worst)).toEqual([-2, -1]);
    }
  });

  it('gives 0 when the parent has no finite objective', () => {
    expect(improvementRewards([{ parent: Infinity, child: 3 }], 13)).toEqual([0]);
  });
});

describe('negativeObjectiveRewards (Sample+ES)', () => {
  it('negates valid objectives and floors invalid ones one std below the worst', () => {
    const r = negativeObjectiveRewards([4, 5, 7, Infinity]);
    expect(r.slice(0, 3)).toEqual([-4, -5, -7]);
    expect(r[3]).toBeCloseTo(-8.2472, 4);
  });

  it('uses max(0.01 |mean|, 1) as spread when valid rewards are (almost) equal', () => {
    expect(negativeObjectiveRewards([500, 500, Infinity])).toEqual([-500, -500, -505]);
    expect(negativeObjectiveRewards([3, Infinity])).toEqual([-3, -4]);
  });

  it('gives all zeros when nothing is valid', () => {
    expect(negativeObjectiveRewards([Infinity, NaN, Infinity])).toEqual([0, 0, 0]);
  });
});

describe('sampleRankRewards (Sample+ES, --es-sample-reward rank)', () => {
  it('ranks by objective (lower is better) in [-0.5, 0.5], invalid tied last, so no one value outweighs the rest', () => {
    // One extreme objective (1000) costs its candidate one rank, not its direction's whole average.
    expect(sampleRankRewards([4, 1000, 5, Infinity, NaN])).toEqual([0.5, 0, 0.25, -0.375, -0.375]);
    expect(sampleRankRewards([3, 3, 2])).toEqual([-0.25, -0.25, 0.5]);
  });

  it('gives all zeros when nothing is valid', () => {
    expect(sampleRankRewards([Infinity, NaN])).toEqual([0, 0]);
  });
});
