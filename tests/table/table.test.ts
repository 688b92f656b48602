import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStoredConfig, type StoredRunConfig } from '../../src/config/stored.ts';
import { findFinishedRuns } from '../../src/engine/run-dir/index.ts';
import { AhdError } from '../../src/errors.ts';
import { buildTable } from '../../src/table/index.ts';
import type { Cell } from '../../src/compare/cells.ts';
import { fakeBaselineEvaluator, writeFakeRun, type FakeRun } from './fake-runs.ts';

/**
 * tsp50 (lower is better) and kp100 (higher is better), budget 1000, three repetitions per method; kp100 has
 * no Sample runs. Per-rep values are chosen so each cell's mean and each ES-vs-baseline verdict is known.
 */
const TSP: Record<string, { train: number[]; test20: number[]; test50: (number | null)[] }> = {
  eoh: { train: [6.5, 6.6, 6.4], test20: [4.2, 4.3, 4.25], test50: [6.5, 6.6, 6.55] },
  'eoh-es': { train: [6.45, 6.5, 6.4], test20: [4.2, 4.2, 4.2], test50: [6.6, 6.6, 6.6] }, // test20 better, test50 worse
  sample: { train: [6.9, 6.8, 6.7], test20: [4.3, 4.3, 4.3], test50: [6.7, null, 6.9] }, // one run without a valid test50
  'sample-es': { train: [6.6, 6.6, 6.6], test20: [4.4, 4.4, 4.4], test50: [6.7, 6.7, 6.7] }, // test20 worse, test50 better
};
const KP: Record<string, { train: number[]; test100: number[]; test200: number[] }> = {
  eoh: { train: [40.1, 40.2, 40.15], test100: [40.2, 40.1, 40.3], test200: [57.4, 57.4, 57.4] },
  'eoh-es': { train: [40.16, 40.16, 40.16], test100: [40.25, 40.25, 40.25], test200: [57.3, 57.3, 57.3] }, // 100 better, 200 worse
};

let root: string;

function fakeRuns(): FakeRun[] {
  const runs: FakeRun[] = [];
  for (const [method, v] of Object.entries(TSP)) {
    for (let seed = 0; seed < 3; seed++) {
      runs.push({
        problem: 'tsp50',
        scaffold: method.startsWith('eoh') ? 'eoh' : 'sample',
        es: method.endsWith('-es'),
        budget: 1000,
        seed,
        train: v.train[seed],
        test: { test20: v.test20[seed], test50: v.test50[seed] },
      });
    }
  }
  for (const [method, v] of Object.entries(KP)) {
    for (let seed = 0; seed < 3; seed++) {
      runs.push({
        problem: 'kp100',
        scaffold: 'eoh',
        es: method.endsWith('-es'),
        budget: 1000,
        seed,
        train: v.train[seed],
        test: { test100: v.test100[seed], test200: v.test200[seed] },
      });
    }
  }
  return runs;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ahd-table-'));
  for (const run of fakeRuns()) {
    writeFakeRun(join(root, 'runs', `${run.problem}-${run.scaffold}${run.es ? '-es' : ''}-b${run.budget}-r${run.seed}`), run);
  }
  // An unfinished run (no summary.json) is not part of the table.
  writeFakeRun(join(root, 'runs', 'tsp50-eoh-b1000-r3'), { ...fakeRuns()[0], seed: 3, train: 1, test: { test20: 1, test50: 1 } }, false);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const quiet = () => {};
const cell = (cells: readonly Cell[], problem: string, split: string, scaffold: string, es: boolean) =>
  cells.find((c) => c.problem === problem && c.split === split && c.scaffold === scaffold && c.es === es && c.budget === 1000);

describe('ahd table --from', () => {
  it('forms each cell as the mean over repetitions, per split, in natural sign', async () => {
    const out = join(root, 'out-cells');
    const { cells } = await buildTable({ from: root, out, log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    expect(cell(cells, 'tsp50', 'train', 'eoh', false)?.mean).toBeCloseTo(6.5, 12);
    expect(cell(cells, 'tsp50', 'test20', 'eoh', false)?.mean).toBeCloseTo(4.25, 12);
    expect(cell(cells, 'tsp50', 'test50', 'eoh', true)?.mean).toBeCloseTo(6.6, 12);
    expect(cell(cells, 'tsp50', 'test20', 'eoh', false)?.seeds).toEqual([0, 1, 2]);
    const partial = cell(cells, 'tsp50', 'test50', 'sample', false);
    expect(partial?.mean).toBeCloseTo(6.8, 12);
    expect(partial?.values).toEqual([6.7, 6.9]);
    expect(partial?.noValid).toBe(1);
    expect(cell(cells, 'kp100', 'test100', 'eoh', false)?.mean).toBeCloseTo(40.2, 12);
    expect(cell(cells, 'kp100', 'test200', 'eoh', true)?.mean).toBeCloseTo(57.3, 12);
    expect(cell(cells, 'kp100', 'test100', 'sample', false)).toBeUndefined();
    // tsp50: 4 methods x 3 splits; kp100: 2 methods x 3 splits
    expect(cells).toHaveLength(18);
    expect(cells.filter((c) => c.seeds.includes(3))).toEqual([]);
  });

  it('counts the settings where ES beats its matched baseline, by each task sense', async () => {
    const out = join(root, 'out-count');
    const { comparisons, count, headline } = await buildTable({ from: root, out, log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    const verdict = (problem: string, split: string, scaffold: string) =>
      comparisons.find((c) => c.problem === problem && c.split === split && c.scaffold === scaffold)?.improves;
    expect(verdict('tsp50', 'test20', 'eoh')).toBe(true);
    expect(verdict('tsp50', 'test50', 'eoh')).toBe(false);
    expect(verdict('tsp50', 'test20', 'sample')).toBe(false);
    expect(verdict('tsp50', 'test50', 'sample')).toBe(true);
    expect(verdict('kp100', 'test100', 'eoh')).toBe(true); // higher value is better
    expect(verdict('kp100', 'test200', 'eoh')).toBe(false);
    expect(comparisons.some((c) => c.split === 'train')).toBe(false);
    expect(count).toEqual({ improved: 3, settings: 6, byScaffold: { eoh: { improved: 2, settings: 4 }, sample: { improved: 1, settings: 2 } } });
    expect(headline).toMatch(/^ES improves on its matched baseline in 3 of 6 settings/);
  });

  it('pairs ES with its baseline run by run at the shared seeds, with the gain signed by the task sense', async () => {
    const { comparisons, headline } = await buildTable({ from: root, out: join(root, 'out-paired'), log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    const paired = (problem: string, split: string, scaffold: string) =>
      comparisons.find((c) => c.problem === problem && c.split === split && c.scaffold === scaffold)?.paired;
    const tsp20 = paired('tsp50', 'test20', 'eoh')!; // ES 4.2 x3 against 4.2 4.3 4.25: gains 0 0.1 0.05
    expect(tsp20.seeds).toEqual([0, 1, 2]);
    tsp20.gains.forEach((g, i) => expect(g).toBeCloseTo([0, 0.1, 0.05][i], 12));
    expect(tsp20.mean).toBeCloseTo(0.05, 12);
    expect(tsp20.se).toBeCloseTo(0.05 / Math.sqrt(3), 12);
    expect(tsp20.verdict).toBe('within'); // 0.05 < 2 x 0.0289
    expect(paired('tsp50', 'test50', 'sample')?.seeds).toEqual([0, 2]); // the baseline's seed 1 has no valid test50
    expect(paired('tsp50', 'test20', 'sample')?.verdict).toBe('worse'); // 4.4 against 4.3 at every seed
    const kp = paired('kp100', 'test100', 'eoh')!; // higher is better: 40.25 against 40.2 40.1 40.3
    kp.gains.forEach((g, i) => expect(g).toBeCloseTo([0.05, 0.15, -0.05][i], 12));
    expect(paired('kp100', 'test200', 'eoh')?.verdict).toBe('worse');
    expect(headline).toContain('Paired by run seed (6 of the 6 settings have two or more shared seeds): ES is better beyond two standard errors in 0, worse beyond two in 2, within two in 4.');
  });

  it('writes Markdown, CSV and JSON to --out', async () => {
    const out = join(root, 'out-files');
    const { files } = await buildTable({ from: root, out, log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    const markdown = readFileSync(files.markdown, 'utf8');
    expect(markdown).toContain('| problem | split | budget | EoH | ES+EoH | Sample | ES+Sample |');
    expect(markdown).toContain('| tsp50 | test20 | 1000 | 4.2500 ± 0.0500 | **4.2000 ± 0.0000** | 4.3000 ± 0.0000 | 4.4000 ± 0.0000 |');
    expect(markdown).toContain('| tsp50 | test50 | 1000 | 6.5500 ± 0.0500 | 6.6000 ± 0.0000 | 6.8000 ± 0.1414 (2 reps) | **6.7000 ± 0.0000** |');
    expect(markdown).toContain('| kp100 | test100 | 1000 | 40.2000 ± 0.1000 | **40.2500 ± 0.0000** | - | - |');
    expect(markdown).toContain('3 of 6 settings');
    expect(markdown).toContain('0 tied, 3 worse); 3 of 6 on the reference\'s subset');
    expect(markdown).toContain('| tsp50 | 1000 | ES+Sample | 3 | 13 | 1010 | 99.0% | 4848 |'); // compute per method
    expect(markdown).toContain('| tsp50 | test50 | 1000 | ES+Sample | 2 | 0.0000 0.2000 | 0.1000 | 0.1000 | within |'); // paired by seed
    const csv = readFileSync(files.csv, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('problem,split,budget,scaffold,es,method,reps,mean,values,seeds,no_valid,reference,reference_source');
    const row = csv.find((line) => line.startsWith('tsp50,test50,1000,sample,false,'))?.split(',');
    expect(row?.slice(5, 7)).toEqual(['Sample', '2']);
    expect(Number(row?.[7])).toBeCloseTo(6.8, 12); // full precision in the CSV
    expect(row?.slice(8)).toEqual(['6.7;6.9', '0;2', '1', '', '']); // the reference has no Sample test cell
    expect(csv.find((line) => line.startsWith('tsp50,test50,1000,eoh,true,'))?.split(',').slice(11)).toEqual(['6.5167', 'paper']);
    const json = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(json.count.improved).toBe(3);
    expect(json.cells).toHaveLength(18);
  });

  it('filters by --problems, --budgets and --reps when they are given', async () => {
    const { cells } = await buildTable({ from: root, out: join(root, 'out-filter'), problems: ['kp100'], reps: 2, log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    expect(new Set(cells.map((c) => c.problem))).toEqual(new Set(['kp100']));
    expect(cell(cells, 'kp100', 'test100', 'eoh', false)?.mean).toBeCloseTo(40.15, 12);
    const none = await buildTable({ from: root, out: join(root, 'out-none'), budgets: [2000], log: quiet, evaluateBaseline: fakeBaselineEvaluator() });
    expect(none.cells).toEqual([]);
    expect(none.headline).toMatch(/in 0 of 0 settings/);
  });

  it('rejects unknown problem ids with a one-line usage error', async () => {
    const error = await buildTable({ from: root, out: join(root, 'out-bad'), problems: ['tsp50', 'tsp51'], log: quiet, evaluateBaseline: fakeBaselineEvaluator() }).catch((e) => e);
    expect(error).toBeInstanceOf(AhdError);
    expect(error.code).toBe('usage');
    expect(error.message).toMatch(/unknown problem "tsp51"/);
    expect(error.message).not.toContain('\n');
  });

  it('refuses two runs of the same setting and seed', async () => {
    const dup = mkdtempSync(join(tmpdir(), 'ahd-table-dup-'));
    try {
      const run = fakeRuns()[0];
      writeFakeRun(join(dup, 'a'), run);
      writeFakeRun(join(dup, 'b'), run);
      await expect(buildTable({ from: dup, out: join(dup, 'out'), log: quiet, evaluateBaseline: fakeBaselineEvaluator() })).rejects.toThrow(/same setting and seed/);
    } finally {
      rmSync(dup, { recursive: true, force: true });
    }
  });

  it('tells an EoH run with --m2 numbers from a plain one of the same seed, and keeps it out of a table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ahd-table-m2-'));
    try {
      const run = fakeRuns().find((r) => r.scaffold === 'eoh')!;
      writeFakeRun(join(dir, 'plain'), run);
      writeFakeRun(join(dir, 'numbers'), run);
      const stored = checkStoredConfig(JSON.parse(readFileSync(join(dir, 'numbers', 'config.json'), 'utf8'))) as StoredRunConfig;
      writeFileSync(join(dir, 'numbers', 'config.json'), JSON.stringify({ ...stored, search: { ...stored.search, m2: 'numbers' } }));
      expect(findFinishedRuns(dir).map((r) => r.m2 ?? 'free').sort()).toEqual(['free', 'numbers']);
      await expect(buildTable({ from: dir, out: join(dir, 'out'), log: quiet, evaluateBaseline: fakeBaselineEvaluator() })).rejects.toThrow(
        /numbers ran EoH with --m2 numbers, which is not one of the table's methods/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
