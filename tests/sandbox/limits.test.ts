import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { timeLimitMs } from '../../src/sandbox/limits.ts';

describe('timeLimitMs', () => {
  it("is the problem's limit on train and scales with count x size^2 on bigger splits", () => {
    const tsp = getProblem('tsp50');
    expect(timeLimitMs(tsp, 'train')).toBe(20_000);
    expect(timeLimitMs(tsp, 'test200')).toBe(20_000 * (1000 / 64) * 16);
    expect(timeLimitMs(getProblem('aco-bpp500'), 'test1000')).toBe(Math.round(30_000 * (64 / 5) * 4));
  });

  it("never goes below the train limit; a split's own limit replaces the scaling, and an override wins", () => {
    expect(timeLimitMs(getProblem('asp15'), 'n12w7')).toBe(30_000);
    expect(timeLimitMs(getProblem('asp15'), 'n21w15')).toBe(getProblem('asp15').splits.find((s) => s.name === 'n21w15')!.timeoutMs);
    expect(timeLimitMs(getProblem('tsp50'), 'test20', 500)).toBe(500);
  });
});
