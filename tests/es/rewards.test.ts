import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REWARD_QUANTILE,
  improvementRewards,
  negativeObjectiveRewards,
  quantile,
  REWARD_IDS,
  sampleRankRewards,
  scaffoldReward,
  shapeRewards,
} from '../../src/es/rewards.ts';

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

describe('shapeRewards: one reward per direction', () => {
  // Directions 0 and 1, two candidates each; candidate 3 is invalid.
  const batch = { objectives: [4, 5, 7, Infinity], owner: [0, 0, 1, 1], directions: 2 };
  const floor = -8.247219128924646; // -7 - std([-4, -5, -7])

  it("keeps the reference's modes: objective (mean of negative objectives) and improvement (mean of P - C)", () => {
    expect(shapeRewards('objective', batch)).toEqual([-4.5, expect.closeTo((-7 + floor) / 2, 12)]);
    const eoh = { objectives: [8, 12, 15, Infinity], owner: [0, 0, 1, 1], directions: 2, parents: [10, 10, 10, 10], worst: 13 };
    expect(shapeRewards('improvement', eoh)).toEqual([0, -1]);
    expect(() => shapeRewards('improvement', batch)).toThrow(/parent objective/);
  });

  it('rank averages centered ranks; best-rank takes the rank of the direction\'s best sample in the whole batch', () => {
    expect(shapeRewards('rank', batch)).toEqual([expect.closeTo(1 / 3, 12), expect.closeTo(-1 / 3, 12)]);
    expect(shapeRewards('best-rank', batch)).toEqual([0.5, expect.closeTo(-1 / 6, 12)]);
  });

  it("max is the direction's best sample; a direction with no valid sample gets the invalid floor", () => {
    expect(shapeRewards('max', batch)).toEqual([-4, -7]);
    // Direction 1 all invalid: the floor, -6 - std([-4, -6]) = -7.
    expect(shapeRewards('max', { objectives: [4, 6, Infinity, NaN], owner: [0, 0, 1, 1], directions: 2 })).toEqual([-4, -7]);
  });

  it('exceed-best pays only what beats the run\'s best so far, averaged over the direction', () => {
    expect(shapeRewards('exceed-best', { ...batch, seen: [6, 4.5, Infinity] })).toEqual([0.25, 0]);
    // Nothing beats the best: every reward 0 (a zero update after z-scoring).
    expect(shapeRewards('exceed-best', { ...batch, seen: [1] })).toEqual([0, 0]);
  });

  it('exceed-quantile measures from the q-quantile of the run\'s valid objectives (linear interpolation)', () => {
    const seen = [9, 5, 8, 6, Infinity];
    expect(shapeRewards('exceed-quantile', { ...batch, seen }, { quantile: 0.5 })).toEqual([2.5, 0]); // R = 7
    expect(shapeRewards('exceed-quantile', { ...batch, seen }, { quantile: 0.1 })).toEqual([expect.closeTo(0.8, 12), 0]); // R = 5.3
    expect(shapeRewards('exceed-quantile', { ...batch, seen })).toEqual(shapeRewards('exceed-quantile', { ...batch, seen }, { quantile: DEFAULT_REWARD_QUANTILE }));
  });

  it('exceedance before anything valid was seen measures from the batch itself', () => {
    expect(shapeRewards('exceed-quantile', { ...batch, seen: [] }, { quantile: 0.5 })).toEqual([0.5, 0]); // R = 5: [1, 0]
    expect(shapeRewards('exceed-best', batch)).toEqual([0, 0]);
  });

  it('all invalid: every choice gives all zeros', () => {
    const invalid = { objectives: [Infinity, NaN, Infinity, Infinity], owner: [0, 1, 0, 1], directions: 2, seen: [] };
    for (const id of REWARD_IDS.filter((r) => r !== 'improvement')) expect(shapeRewards(id, invalid)).toEqual([0, 0]);
  });

  it('ties share their rank, so tied directions get equal rewards whatever the order', () => {
    const tied = { objectives: [3, 3, 2, 2], owner: [0, 1, 0, 1], directions: 2 };
    expect(shapeRewards('best-rank', tied)).toEqual([expect.closeTo(1 / 3, 12), expect.closeTo(1 / 3, 12)]);
    expect(shapeRewards('max', tied)).toEqual([-2, -2]);
  });

  it('refuses a direction without candidates, a quantile outside [0, 1] and mismatched owners', () => {
    expect(() => shapeRewards('objective', { ...batch, directions: 3 })).toThrow(/direction 2/);
    expect(() => shapeRewards('exceed-quantile', batch, { quantile: 1.5 })).toThrow(/quantile/);
    expect(() => shapeRewards('objective', { ...batch, owner: [0] })).toThrow(/owners/);
  });

  it("scaffoldReward: a chosen reward wins; otherwise EoH's improvement and Sample's objective (or rank)", () => {
    expect(scaffoldReward({}, 'eoh')).toBe('improvement');
    expect(scaffoldReward({}, 'sample')).toBe('objective');
    expect(scaffoldReward({ sampleReward: 'rank' }, 'sample')).toBe('rank');
    expect(scaffoldReward({ reward: 'max', sampleReward: 'rank' }, 'sample')).toBe('max');
    expect(scaffoldReward({ reward: 'exceed-best' }, 'eoh')).toBe('exceed-best');
  });
});

describe('quantile', () => {
  it('interpolates linearly between order statistics', () => {
    expect(quantile([3, 1, 2, 4], 0.1)).toBeCloseTo(1.3, 12);
    expect(quantile([3, 1, 2, 4], 0.5)).toBe(2.5);
    expect(quantile([7], 0.3)).toBe(7);
    expect(quantile([3, 1, 2, 4], 1)).toBe(4);
  });
});
