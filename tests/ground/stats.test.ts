import { describe, expect, it } from 'vitest';
import { median } from '../../src/ground/stats.ts';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even one, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is null for no values and leaves its input unsorted', () => {
    expect(median([])).toBeNull();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
