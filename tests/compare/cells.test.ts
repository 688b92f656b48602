import { describe, expect, it } from 'vitest';
import { compareEs, type Cell } from '../../src/compare/cells.ts';

describe('compareEs', () => {
  it('calls a paired gain beyond two standard errors better, and leaves a single shared seed unpaired', () => {
    const at = (es: boolean, split: string, seeds: number[], values: number[]): Cell =>
      ({ problem: 'tsp50', split, budget: 1000, scaffold: 'eoh', es, seeds, values, noValid: 0, mean: values.reduce((a, b) => a + b) / values.length, sd: null });
    const [clear, single] = compareEs(
      [at(false, 'test20', [0, 1, 2], [4.3, 4.4, 4.5]), at(true, 'test20', [0, 1, 2], [4.2, 4.28, 4.41]), at(false, 'test50', [0, 1], [6.5, 6.6]), at(true, 'test50', [1, 2], [6.4, 6.4])],
      () => 'min',
    );
    expect(clear.paired?.verdict).toBe('better'); // gains 0.1 0.12 0.09: mean 0.103, SE 0.0088
    expect(single.paired).toBeNull();
  });
});
