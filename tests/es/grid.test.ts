import { describe, expect, it } from 'vitest';
import { roundHalfUp } from '../../src/es/grid.ts';
import { createRng } from '../../src/ground/rng.ts';

describe('roundHalfUp', () => {
  it('is Math.round bit for bit: ties, the values where x + 0.5 rounds, signed zeros, huge integers', () => {
    const edges = [
      0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 0.5000000000000001,
      -0.5000000000000001, 1e-300, -1e-300, 2 ** 52 - 0.5, 2 ** 52 + 1, -(2 ** 52) - 1, 2 ** 53 - 1, 2 ** 53 + 2, 1e300, -1e300,
      4503599627370495.5, -4503599627370495.5, 0.9999999999999999, -0.9999999999999999,
    ];
    for (const x of edges) expect(Object.is(roundHalfUp(x), Math.round(x)), `x = ${x}`).toBe(true);
    const rng = createRng(7);
    for (let i = 0; i < 200_000; i++) {
      const x = (rng.next() - 0.5) * 2 ** Math.floor(rng.next() * 60 - 4);
      const half = Math.round(x * 2) / 2; // ties and near-ties too
      for (const v of [x, half, half + Number.EPSILON * Math.abs(half), half - Number.EPSILON * Math.abs(half)]) {
        if (!Object.is(roundHalfUp(v), Math.round(v))) throw new Error(`roundHalfUp(${v}) = ${roundHalfUp(v)}, Math.round gives ${Math.round(v)}`);
      }
    }
  });
});
