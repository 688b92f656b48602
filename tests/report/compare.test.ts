/** `ahd report` over several runs: one page with the comparison table and the per-method curves. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../problems/index.ts';
import { finishRun } from '../../src/engine/summary.ts';
import { comparePage } from '../../src/report/compare.ts';
import { writeCompareReport } from '../../src/report/index.ts';
import { findFinishedRuns } from '../../src/table/collect.ts';
import { nativeEvaluator } from '../engine/doubles.ts';
import { runTest, tempDir } from '../engine/helpers.ts';

const CHECK = new URL('../../scripts/check-report-render.mjs', import.meta.url).pathname;
const hasChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => existsSync(p));

describe('ahd report over a table directory', async () => {
  const root = tempDir('ahd-compare-');
  for (const es of [false, true]) {
    for (const seed of [0, 1]) {
      const evaluator = nativeEvaluator();
      const result = await runTest({ scaffold: 'eoh', budget: 40, es, seed, dir: join(root, 'runs', `eoh${es ? '-es' : ''}-s${seed}`), evaluator });
      await finishRun(getProblem('tsp50'), result, evaluator, 1);
    }
  }
  const runs = findFinishedRuns(root);

  it('tabulates every cell with its spread and marks the ES comparisons', () => {
    const page = comparePage(runs);
    const table = page.tables[0];
    expect(table.rows.filter((r) => r[3] === 'EoH')).toHaveLength(3); // train, test20, test50
    expect(table.rows.filter((r) => r[3] === 'ES+EoH').every((r) => ['improved', 'tied', 'worse', ''].includes(r[6]))).toBe(true);
    expect(table.rows.every((r) => r[4] === '2')).toBe(true);
    expect(page.charts.map((c) => c.id)).toEqual(['chart-compare-0', 'chart-rewards-0']);
    const objective = page.charts[0];
    expect(objective.datasets.map((d) => d.label)).toEqual(['EoH', 'EoH + sd', 'EoH - sd', 'ES+EoH', 'ES+EoH + sd', 'ES+EoH - sd']);
  });

  it.skipIf(!hasChromium)('renders in headless Chromium with every chart inked', () => {
    const out = writeCompareReport([root], join(root, 'compare.html'));
    const result = JSON.parse(execFileSync(process.execPath, [CHECK, out, '--expect-charts', '2'], { encoding: 'utf8', timeout: 120_000 }));
    expect(result).toMatchObject({ ok: true, charts: 2 });
    expect(readFileSync(out, 'utf8')).toContain('table-compare');
  }, 120_000);
});
