import { describe, expect, it } from 'vitest';
import { manage, objectiveKey } from '../../src/scaffolds/eoh/population.ts';

const ind = (id: number, objective: number) => ({ id, objective });

describe('manage (population management)', () => {
  it('drops non-finite objectives', () => {
    expect(manage([ind(0, Infinity), ind(1, 3), ind(2, NaN), ind(3, -Infinity)], 10)).toEqual([ind(1, 3)]);
  });

  it('de-duplicates by objective rounded to 5 decimals, keeping the first', () => {
    const kept = manage([ind(0, 1.000001), ind(1, 1.000004), ind(2, 1.00001), ind(3, 0.5)], 10);
    expect(kept.map((p) => p.id)).toEqual([3, 0, 2]);
  });

  it('keeps the size smallest, sorted ascending', () => {
    const candidates = Array.from({ length: 15 }, (_, i) => ind(i, 100 - i));
    const kept = manage(candidates, 10);
    expect(kept.map((p) => p.objective)).toEqual([86, 87, 88, 89, 90, 91, 92, 93, 94, 95]);
  });

  it('keeps an existing member over a child with the same objective (members come first)', () => {
    const population = [ind(0, 2), ind(1, 4)];
    const kept = manage([...population, ind(9, 2.000001), ind(10, 3)], 10);
    expect(kept.map((p) => p.id)).toEqual([0, 10, 1]);
  });

  it('keys objectives at 5 decimals, negative (maximised) ones included', () => {
    expect(objectiveKey(6.1234501)).toBe(objectiveKey(6.12345));
    expect(objectiveKey(6.12345)).not.toBe(objectiveKey(6.12346));
    expect(objectiveKey(-40.15551)).toBe(-4015551);
  });
});
