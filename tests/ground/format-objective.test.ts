import { describe, expect, it } from 'vitest';
import { TABLE_DECIMALS, formatObjective } from '../../src/ground/format-objective.ts';

describe('formatObjective', () => {
  it('prints fixed decimals, trailing zeros kept, so a column lines up', () => {
    expect([5.2578, 57.32041, 6, 2760].map((v) => formatObjective(v))).toEqual(['5.25780', '57.32041', '6.00000', '2760.00000']);
    expect([4.25, 0, 40.1].map((v) => formatObjective(v, TABLE_DECIMALS))).toEqual(['4.2500', '0.0000', '40.1000']);
  });

  it('has a word for no value, never prints -0, and shows what is not finite', () => {
    expect(formatObjective(null)).toBe('-');
    expect(formatObjective(undefined, undefined, 'no valid instance')).toBe('no valid instance');
    expect(formatObjective(-0.000001)).toBe('0.00000');
    expect(formatObjective(-1.5)).toBe('-1.50000');
    expect(formatObjective(Infinity)).toBe('Infinity');
  });
});
