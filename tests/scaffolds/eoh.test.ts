import { describe, expect, it } from 'vitest';
import { eoh, MAX_INITIAL_BATCHES } from '../../src/scaffolds/eoh/index.ts';
import { sample } from '../../src/scaffolds/sample/index.ts';
import { fakeContext } from './fake-context.ts';

describe('EoH scaffold', () => {
  it('retries the initial batch only while no candidate is valid', async () => {
    const { ctx, batches } = fakeContext((i) => (i < 20 ? Infinity : 100 - i));
    await eoh.run(ctx, 20);
    expect(batches.slice(0, 3).map((b) => b.map((s) => s.operator).join())).toEqual([
      new Array(10).fill('i1').join(),
      new Array(10).fill('i1').join(),
      new Array(10).fill('i1').join(),
    ]);
    expect(batches[3][0].operator).toBe('e1');
  });

  it(`gives up after ${MAX_INITIAL_BATCHES} initial batches without a valid heuristic`, async () => {
    const { ctx } = fakeContext(() => Infinity);
    await expect(eoh.run(ctx, 20)).rejects.toThrow(/no valid heuristic in 50 initial i1 samples/);
  });

  it('runs e1, e2, m1, m2 per generation with prob-rank parents from the current population', async () => {
    const { ctx, batches, snapshots } = fakeContext((i) => 1000 - i);
    const population = await eoh.run(ctx, 80);
    expect(batches.map((b) => `${b[0].operator}x${b.length}`)).toEqual([
      'i1x10', 'e1x10', 'e2x10', 'm1x10', 'm2x10', 'e1x10', 'e2x10', 'm1x10', 'm2x10',
    ]);
    expect(batches[1].every((s) => s.parents.length === 2 && s.avoidCodes?.size === 10)).toBe(true);
    expect(batches[3].every((s) => s.parents.length === 1 && s.perturbation === undefined)).toBe(true);
    expect(snapshots.map((s) => s.generation)).toEqual([0, 1, 2]);
    // Objectives fall with the index, so the last ten candidates are the population.
    expect(population.map((p) => p.id)).toEqual([89, 88, 87, 86, 85, 84, 83, 82, 81, 80]);
  });

  it('with --m2 numbers asks m2 for its parent\'s answer with new decimals, and writes freely from a parent without any', async () => {
    // Even indices write a decimal, odd ones none.
    const code = (i: number) => `function selectNextNode() { return ${i % 2 === 0 ? `${i}.5` : i}; }`;
    const { ctx, batches } = fakeContext((i) => 1000 - i, undefined, 'numbers', code);
    await eoh.run(ctx, 40);
    const m2 = batches.find((b) => b[0].operator === 'm2')!;
    for (const spec of m2) {
      const parent = spec.parents[0];
      if (parent.id % 2 === 0) expect(spec.numbersOf).toBe(`{${parent.description}}\n${parent.code}`);
      else expect(spec.numbersOf).toBeUndefined();
    }
    expect(m2.some((s) => s.numbersOf !== undefined) && m2.some((s) => s.numbersOf === undefined)).toBe(true);
    expect(batches.filter((b) => b[0].operator !== 'm2').flat().every((s) => s.numbersOf === undefined)).toBe(true);
  });

  it('leaves m2 free by default', async () => {
    const { ctx, batches } = fakeContext((i) => 1000 - i, undefined, 'free', (i) => `function f() { return ${i}.5; }`);
    await eoh.run(ctx, 40);
    expect(batches.flat().every((s) => s.numbersOf === undefined)).toBe(true);
  });
});

describe('Sample scaffold', () => {
  it('keeps the best valid samples across batches', async () => {
    const { ctx, batches, snapshots } = fakeContext((i) => (i % 3 === 0 ? Infinity : (i * 7) % 11));
    const population = await sample.run(ctx, 45);
    expect(batches.map((b) => b.length)).toEqual([20, 20, 5]);
    expect(snapshots.map((s) => s.generation)).toEqual([1, 2, 3]);
    expect(population[0].objective).toBe(0);
    expect(new Set(population.map((p) => p.objective)).size).toBe(population.length);
  });
});
