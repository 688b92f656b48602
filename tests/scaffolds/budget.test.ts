import { describe, expect, it } from 'vitest';
import { EVOLVE_ORDER, planEoh } from '../../src/scaffolds/eoh/budget.ts';
import { planSample } from '../../src/scaffolds/sample/budget.ts';

const total = (plan: ReturnType<typeof planEoh>) =>
  plan.reduce((sum, g) => sum + EVOLVE_ORDER.reduce((s, op) => s + g[op], 0), 0);

describe('planEoh', () => {
  it('budget 1000: 25 generations of (10, 10, 10, 10), k = 1', () => {
    const plan = planEoh(1000);
    expect(plan).toHaveLength(25);
    expect(new Set(plan.map((g) => JSON.stringify(g)))).toEqual(new Set([JSON.stringify({ e1: 10, e2: 10, m1: 10, m2: 10 })]));
    expect(total(plan)).toBe(1000);
  });

  it('budget 2000: 25 generations with m1 = m2 = 30 (k = 3)', () => {
    const plan = planEoh(2000);
    expect(plan).toHaveLength(25);
    expect(plan.every((g) => g.e1 === 10 && g.e2 === 10 && g.m1 === 30 && g.m2 === 30)).toBe(true);
    expect(total(plan)).toBe(2000);
  });

  it.each([20, 21, 39, 40, 77, 123, 500, 999, 1001, 1999, 3333])('budget %i is spent exactly', (n) => {
    const plan = planEoh(n);
    expect(total(plan)).toBe(n);
    expect(plan.length).toBe(Math.min(25, Math.max(1, Math.floor(n / 40))));
    for (const g of plan) {
      expect(g.e1).toBe(g.e2);
      expect(g.m1 - g.m2).toBeGreaterThanOrEqual(0);
      expect(g.m1 - g.m2).toBeLessThanOrEqual(1);
      expect(g.m2).toBeGreaterThan(0);
    }
  });

  it('budget 20 is one generation of (5, 5, 5, 5)', () => {
    expect(planEoh(20)).toEqual([{ e1: 5, e2: 5, m1: 5, m2: 5 }]);
  });

  it.each([19, 0, -5, 100.5, NaN, 1_000_001, 1e8, 1e12])('refuses budget %s', (n) => {
    expect(() => planEoh(n)).toThrow(/^search\.budget: must be an integer from 20 to 1000000, got/);
    expect(() => planSample(n)).toThrow(/^search\.budget: must be an integer from 20 to 1000000, got/);
  });

  it('plans the largest budget it accepts', () => {
    expect(planEoh(1_000_000)).toHaveLength(25);
    expect(planSample(1_000_000)).toHaveLength(50_000);
  });
});

describe('planSample', () => {
  it('1000 -> 50 batches of 20, 2000 -> 100', () => {
    expect(planSample(1000)).toEqual(new Array(50).fill(20));
    expect(planSample(2000)).toEqual(new Array(100).fill(20));
  });

  it('an odd budget ends with a partial batch', () => {
    expect(planSample(45)).toEqual([20, 20, 5]);
    expect(planSample(20)).toEqual([20]);
  });

  it('refuses budgets under 20', () => {
    expect(() => planSample(10)).toThrow(/^search\.budget: /);
  });
});
