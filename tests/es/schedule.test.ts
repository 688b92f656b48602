import { describe, expect, it } from 'vitest';
import { sigmaAt } from '../../src/es/schedule.ts';

describe('sigmaAt', () => {
  it('follows the half cosine from s0 to sEnd', () => {
    expect(sigmaAt('cosine', 0, 25, 1e-3, 0)).toBe(1e-3);
    expect(sigmaAt('cosine', 12, 25, 1e-3, 0)).toBeCloseTo(5e-4, 15);
    expect(sigmaAt('cosine', 24, 25, 1e-3, 0)).toBe(0);
    expect(sigmaAt('cosine', 6, 25, 1e-3, 0)).toBeCloseTo(1e-3 * 0.5 * (1 + Math.cos(Math.PI / 4)), 15);
  });

  it('handles T = 1 and the constant schedule', () => {
    expect(sigmaAt('cosine', 0, 1, 2e-3, 0)).toBe(2e-3);
    expect(sigmaAt('constant', 7, 10, 1e-3, 0)).toBe(1e-3);
  });

  it('rejects generations outside the run', () => {
    expect(() => sigmaAt('cosine', 25, 25, 1e-3, 0)).toThrow(/outside 0..24/);
    expect(() => sigmaAt('cosine', 0, 0, 1e-3, 0)).toThrow(/T must be/);
  });
});
