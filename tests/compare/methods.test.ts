import { describe, expect, it } from 'vitest';
import { compareEs, formCells, type Cell } from '../../src/compare/cells.ts';
import { METHOD_IDS, methodId, methodName, parseMethod } from '../../src/compare/methods.ts';
import type { FinishedRun } from '../../src/engine/run-dir/index.ts';

describe('methods: ids, names and the ES controls', () => {
  it('parses every id and names it back; unknown ids are undefined', () => {
    expect(METHOD_IDS).toEqual(['eoh', 'eoh-es', 'eoh-noise', 'eoh-update', 'sample', 'sample-es', 'sample-noise', 'sample-update']);
    for (const id of METHOD_IDS) expect(methodId(parseMethod(id)!)).toBe(id);
    expect(parseMethod('eoh-noise')).toEqual({ scaffold: 'eoh', es: true, mode: 'noise-only' });
    expect(parseMethod('eoh-foo')).toBeUndefined();
    expect(parseMethod('tsp')).toBeUndefined();
  });

  it('labels the controls apart from ES', () => {
    expect(['eoh', 'eoh-es', 'eoh-noise', 'sample-update'].map((id) => {
      const m = parseMethod(id)!;
      return methodName(m.scaffold, m.es, m.mode);
    })).toEqual(['EoH', 'ES+EoH', 'noise+EoH', 'update-only ES+Sample']);
  });

  it('a control forms its own cells and is never counted as ES against the baseline', () => {
    const run = (es: boolean, mode: FinishedRun['mode'], value: number, seed: number): FinishedRun => ({
      dir: `r${seed}`, problem: 'tsp50', scaffold: 'eoh', es, ...(mode && { mode }), budget: 1000, seed,
      summary: { best: { objective: value, test: { test50: value } } } as unknown as FinishedRun['summary'],
    });
    const cells = formCells([run(false, undefined, 6.6, 0), run(true, undefined, 6.5, 0), run(true, 'noise-only', 6.4, 0)], () => ['test50']);
    const test = cells.filter((c: Cell) => c.split === 'test50');
    expect(test.map((c) => [c.es, c.mode, c.mean])).toEqual([[false, undefined, 6.6], [true, undefined, 6.5], [true, 'noise-only', 6.4]]);
    const comparisons = compareEs(cells, () => 'min');
    expect(comparisons).toHaveLength(1);
    expect(comparisons[0].es).toBe(6.5);
  });
});
