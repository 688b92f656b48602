/** `ahd report` over several runs: one page with the comparison table and the per-method curves. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { finishRun } from '../../src/engine/finish-run.ts';
import { comparePage } from '../../src/report/compare.ts';
import { writeCompareReport } from '../../src/report/index.ts';
import { deriveSeed } from '../../src/ground/rng.ts';
import type { BaselineEntry } from '../../src/compare/baselines.ts';
import { findFinishedRuns } from '../../src/engine/run-dir/index.ts';
import { nativeEvaluator } from '../engine/doubles.ts';
import { runTest, tempDir } from '../engine/helpers.ts';
import { writeFakeRun } from '../table/fake-runs.ts';

const CHECK = new URL('../../scripts/check-report-render.mjs', import.meta.url).pathname;
const hasChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => existsSync(p));

describe('ahd report over a table directory', async () => {
  const root = tempDir('ahd-compare-');
  for (const es of [false, true]) {
    for (const seed of [0, 1]) {
      const evaluator = nativeEvaluator();
      const result = await runTest({ scaffold: 'eoh', budget: 40, es, seed, dir: join(root, 'runs', `eoh${es ? '-es' : ''}-s${seed}`), evaluator });
      await finishRun(getProblem('tsp50'), result, evaluator, () => 1);
    }
  }
  const runs = findFinishedRuns(root);
  // The table directory's baselines.json, as ahd table keeps it (repetition 0's evaluation seed).
  const baselines: BaselineEntry[] = ['nearest-neighbour', 'farthest-insertion'].flatMap((baseline, b) =>
    ['train', 'test20', 'test50'].map((split, s) => ({ problem: 'tsp50', split, baseline, mean: 6 + b / 2 + s / 10, count: 64, valid: 64, evalSeed: deriveSeed(0, 'eval') })),
  );
  writeFileSync(join(root, 'baselines.json'), JSON.stringify(baselines));

  it('tabulates every cell with its spread and marks the ES comparisons', () => {
    const page = comparePage(runs);
    const table = page.tables[0];
    expect(table.rows.filter((r) => r[3] === 'EoH')).toHaveLength(3); // train, test20, test50
    expect(table.rows.filter((r) => r[3] === 'ES+EoH').every((r) => ['improved', 'tied', 'worse', ''].includes(r[6]))).toBe(true);
    expect(table.rows.every((r) => r[4] === '2')).toBe(true);
    expect(page.charts.map((c) => c.id)).toEqual(['chart-compare-0', 'chart-rewards-0']);
    const objective = page.charts[0];
    expect(objective.datasets.map((d) => d.label)).toEqual(['EoH', 'EoH + sd', 'EoH - sd', 'ES+EoH', 'ES+EoH + sd', 'ES+EoH - sd']);
    // ES's test rows, run by run at the two shared seeds; the train row and the baselines' rows have none
    const esTest = table.rows.filter((r) => r[3] === 'ES+EoH' && r[1] !== 'train');
    expect(esTest.length).toBeGreaterThan(0);
    expect(esTest.every((r) => /^-?[\d.]+ ± [\d.]+, (better|worse|within) \(2 seeds\)$/.test(r[7]))).toBe(true);
    expect(table.rows.filter((r) => r[3] === 'EoH').every((r) => r[7] === '')).toBe(true);
    expect(table.rows.every((r) => r[8] === '-')).toBe(true); // the reference has no budget-40 numbers
    expect(page.summary.find((r) => r.label === 'table headline')?.value).toContain('the reference: 28 of 36');
  });

  it("shows the table directory's baselines: a table, and their train objectives across the objective chart", () => {
    const page = comparePage(runs, { baselines });
    const table = page.tables.find((t) => t.id === 'table-baselines')!;
    expect(table.rows.map((r) => r.slice(0, 4))).toEqual([
      ['tsp50', 'train', 'nearest-neighbour', '6.0000'],
      ['tsp50', 'test20', 'nearest-neighbour', '6.1000'],
      ['tsp50', 'test50', 'nearest-neighbour', '6.2000'],
      ['tsp50', 'train', 'farthest-insertion', '6.5000'],
      ['tsp50', 'test20', 'farthest-insertion', '6.6000'],
      ['tsp50', 'test50', 'farthest-insertion', '6.7000'],
    ]);
    const lines = page.charts[0].datasets.filter((d) => d.constant);
    expect(lines.map((d) => [d.label, d.data[0]])).toEqual([
      ['baseline: nearest-neighbour', 6],
      ['baseline: farthest-insertion', 6.5],
    ]);
    // One sample axis for every curve and line.
    for (const d of page.charts[0].datasets) expect(d.data).toHaveLength(page.charts[0].labels.length);
  });

  it("puts the reference's number beside each cell it has one for", () => {
    const fake = tempDir('ahd-compare-ref-');
    for (const es of [false, true]) {
      writeFakeRun(join(fake, `kp-${es}`), { problem: 'kp100', scaffold: 'eoh', es, budget: 1000, seed: 0, train: 40.1, test: { test100: 40.2, test200: 57.4 } });
    }
    const rows = comparePage(findFinishedRuns(fake)).tables[0].rows;
    const reference = (split: string, method: string) => rows.find((r) => r[1] === split && r[3] === method)?.[8];
    expect(reference('train', 'EoH')).toBe('40.1555 (run logs)');
    expect(reference('test100', 'ES+EoH')).toBe('40.2351 (recomputed)');
    expect(reference('test100', 'EoH')).toBe('-');
  });

  it.skipIf(!hasChromium)('renders in headless Chromium with every chart inked', () => {
    const out = writeCompareReport([root], join(root, 'compare.html'));
    const result = JSON.parse(execFileSync(process.execPath, [CHECK, out, '--expect-charts', '2'], { encoding: 'utf8', timeout: 120_000 }));
    expect(result).toMatchObject({ ok: true, charts: 2 });
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('table-compare');
    expect(html).toContain('id="table-baselines"');
    expect(html).toContain('"label":"baseline: farthest-insertion"');
  }, 120_000);
});
