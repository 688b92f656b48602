/** `ahd table`: the reference's numbers under our rows, and the classical baselines kept in baselines.json. */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/ground/rng.ts';
import type { BaselineEntry } from '../../src/compare/baselines.ts';
import { buildTable, type TableOptions } from '../../src/table/index.ts';
import { REFERENCE_VALUES } from '../../src/compare/reference.ts';
import { fakeBaselineEvaluator, writeFakeRun, type BaselineCall, type FakeRun } from './fake-runs.ts';

/** EoH and ES+EoH, one rep, on tsp50 (budgets 1000 and 2000), kp100, asp15 and aco-tsp50 (budget 1000). */
const RUNS: FakeRun[] = [
  ...[1000, 2000].flatMap((budget) =>
    [false, true].map((es) => ({ problem: 'tsp50', scaffold: 'eoh' as const, es, budget, seed: 0, train: 6.4, test: { test20: 4.2, test50: 6.4 } })),
  ),
  ...[false, true].map((es) => ({ problem: 'kp100', scaffold: 'eoh' as const, es, budget: 1000, seed: 0, train: 40.1, test: { test100: 40.2, test200: 57.4 } })),
  ...[false, true].map((es) => ({ problem: 'asp15', scaffold: 'eoh' as const, es, budget: 1000, seed: 0, train: 2700, test: { n12w7: 770, n15w10: 2700 } })),
  ...[false, true].map((es) => ({ problem: 'aco-tsp50', scaffold: 'eoh' as const, es, budget: 1000, seed: 0, train: 5.9, test: { test20: 3.8, test50: 5.7, test100: 8 } })),
];
/** Baseline objectives as the sandbox reports them (minimised): kp100 and asp15 negative. */
const objective = (problem: string, split: string) => (problem === 'kp100' ? -40.1 : problem === 'asp15' ? -1842 : 4 + split.length / 100);

let root: string;
const quiet = () => {};
const lines = (markdown: string) => markdown.split('\n');
/** The line right under the first line that starts with `row`. */
const under = (markdown: string, row: string) => {
  const all = lines(markdown);
  const at = all.findIndex((l) => l.startsWith(row));
  expect(at, row).toBeGreaterThanOrEqual(0);
  return all[at + 1];
};

function build(out: string, calls: BaselineCall[] = [], extra: Partial<TableOptions> = {}) {
  return buildTable({ from: join(root, 'runs'), out, log: quiet, evaluateBaseline: fakeBaselineEvaluator(calls, objective), ...extra });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ahd-table-ref-'));
  for (const run of RUNS) writeFakeRun(join(root, 'runs', `${run.problem}-${run.es}-b${run.budget}`), run);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('reference lines', () => {
  it("puts the reference's numbers under the rows they belong to, in the natural sign", async () => {
    const { markdown, files } = await build(join(root, 'out-reference'));
    expect(under(markdown, '| tsp50 | train | 1000 |')).toBe('| reference (run logs) | train | 1000 | 6.5481 | 6.4810 | 6.7591 | 6.5896 |');
    expect(under(markdown, '| tsp50 | test20 | 1000 |')).toBe('| reference (paper) | test20 | 1000 | 4.2481 | 4.2107 | - | - |');
    expect(under(markdown, '| tsp50 | test50 | 2000 |')).toBe('| reference (paper) | test50 | 2000 | 6.4706 | 6.4442 | - | - |');
    // Published minimised (-40.1555, -2760): shown as value and set size.
    expect(under(markdown, '| kp100 | train | 1000 |')).toBe('| reference (run logs) | train | 1000 | 40.1555 | 40.1579 | 40.1503 | 40.1518 |');
    expect(under(markdown, '| kp100 | test100 | 1000 |')).toBe('| reference (recomputed) | test100 | 1000 | - | 40.2351 | - | - |');
    expect(under(markdown, '| asp15 | train | 1000 |')).toBe('| reference (run logs) | train | 1000 | 2760.0000 | 2770.0000 | 2753.0000 | 2729.0000 |');
    expect(under(markdown, '| asp15 | n12w7 | 1000 |')).toBe('| reference (recomputed) | n12w7 | 1000 | 776.0000 | 777.0000 | 782.0000 | 779.0000 |');
    expect(under(markdown, '| aco-tsp50 | train | 1000 |')).toBe('| reference (run logs) | train | 1000 | 5.9337 | 5.8185 | 5.9437 | 5.9354 |');
    // The reference has no ACO test numbers: no line under those rows. Its table reports test50 and test100 for
    // aco-tsp50: the runs' test20 is no row of the table.
    expect(under(markdown, '| aco-tsp50 | test50 | 1000 |')).toMatch(/^\| aco-tsp50 \| test100 \| 1000 \|/);
    expect(markdown).not.toContain('| aco-tsp50 | test20 |');
    expect(markdown).toContain('the reference: 28 of 36');

    const json = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(json.reference).toContainEqual({ problem: 'asp15', split: 'n15w10', budget: 1000, scaffold: 'eoh', es: true, value: 2770, source: 'recomputed' });
    expect(json.reference.every((r: { budget: number; problem: string }) => r.budget === 1000 || r.problem === 'tsp50')).toBe(true);
    const csv = readFileSync(files.csv, 'utf8').split('\n');
    expect(csv.find((l) => l.startsWith('kp100,train,1000,eoh,false,'))?.split(',').slice(11)).toEqual(['40.1555', 'run logs']);
  });

  it('holds every published training objective with a positive value and set size', () => {
    const train = REFERENCE_VALUES.filter((r) => r.split === 'train');
    expect(train).toHaveLength(6 * 8);
    expect(train.filter((r) => r.problem === 'kp100' || r.problem === 'asp15').every((r) => r.value > 0)).toBe(true);
    expect(REFERENCE_VALUES.find((r) => r.problem === 'aco-cvrp50' && r.budget === 2000 && r.scaffold === 'eoh' && r.es)?.value).toBe(8.8965);
  });
});

describe('classical baselines', () => {
  it('evaluates each baseline once on the splits of its rows, with repetition 0 eval seed, and shows them under the problem', async () => {
    const calls: BaselineCall[] = [];
    const out = join(root, 'out-baselines');
    const { markdown, baselines, files } = await build(out, calls);
    const seed = deriveSeed(0, 'eval');
    expect(calls).toEqual([
      { problem: 'tsp50', splits: ['train', 'test20', 'test50'], seed },
      { problem: 'tsp50', splits: ['train', 'test20', 'test50'], seed },
      { problem: 'kp100', splits: ['train', 'test100', 'test200'], seed },
      { problem: 'asp15', splits: ['train', 'n12w7', 'n15w10'], seed },
      { problem: 'aco-tsp50', splits: ['train', 'test50', 'test100'], seed },
      { problem: 'aco-tsp50', splits: ['train', 'test50', 'test100'], seed },
    ]);
    expect(files.baselines).toBe(join(out, 'baselines.json'));
    const stored: BaselineEntry[] = JSON.parse(readFileSync(join(out, 'baselines.json'), 'utf8'));
    expect(stored).toHaveLength(2 * 3 + 3 + 3 + 2 * 3);
    expect(stored).toContainEqual({ problem: 'kp100', split: 'test200', baseline: 'ratio-greedy', mean: 40.1, count: 2, valid: 2, evalSeed: seed });
    expect(baselines.map((b) => `${b.problem} ${b.baseline} ${b.split}`).slice(0, 4)).toEqual([
      'tsp50 nearest-neighbour train',
      'tsp50 nearest-neighbour test20',
      'tsp50 nearest-neighbour test50',
      'tsp50 farthest-insertion train',
    ]);

    // Under the problem's last row (tsp50 test50 at budget 2000 and its reference line), before the next problem.
    expect(under(markdown, '| reference (paper) | test50 | 2000 |')).toBe('| baseline: nearest-neighbour | train | - | 4.0500 | | | |');
    expect(under(markdown, '| baseline: farthest-insertion | test50 |')).toMatch(/^\| kp100 \| train \| 1000 \|/);
    expect(markdown).toContain('| baseline: ratio-greedy | test100 | - | 40.1000 | | | |'); // natural sign
    expect(markdown).toContain('| baseline: constant | n12w7 | - | 1842.0000 | | | |');
    expect(lines(markdown).filter((l) => l.startsWith('| baseline: '))).toHaveLength(stored.length);
  });

  it('reuses baselines.json: a second build evaluates nothing and writes the same files', async () => {
    const out = join(root, 'out-reuse');
    const first = await build(out);
    const calls: BaselineCall[] = [];
    const second = await build(out, calls);
    expect(calls).toEqual([]);
    expect(second.markdown).toBe(first.markdown);
  });

  it('--from reads the baselines.json there, writes to --out only, and evaluates only what is missing', async () => {
    const made = join(root, 'out-made');
    await build(made);
    // A table directory with its runs and its baselines.json, as committed.
    const committed = join(root, 'committed');
    cpSync(join(root, 'runs'), join(committed, 'runs'), { recursive: true });
    cpSync(join(made, 'baselines.json'), join(committed, 'baselines.json'));
    const before = statSync(join(committed, 'baselines.json')).mtimeMs;
    const calls: BaselineCall[] = [];
    const a = await build(join(root, 'out-a'), calls, { from: committed });
    const b = await build(join(root, 'out-b'), calls, { from: committed });
    expect(calls).toEqual([]);
    expect(statSync(join(committed, 'baselines.json')).mtimeMs).toBe(before);
    // Byte for byte the same, from the committed files alone.
    for (const file of ['table.md', 'table.csv', 'table.json', 'baselines.json']) {
      expect(readFileSync(join(root, 'out-b', file), 'utf8'), file).toBe(readFileSync(join(root, 'out-a', file), 'utf8'));
    }
    expect(readFileSync(join(root, 'out-a', 'baselines.json'), 'utf8')).toBe(readFileSync(join(committed, 'baselines.json'), 'utf8'));
    expect(b.markdown).toBe(a.markdown);

    // One entry lost: only it is evaluated again.
    const stored: BaselineEntry[] = JSON.parse(readFileSync(join(committed, 'baselines.json'), 'utf8'));
    writeFileSync(join(committed, 'baselines.json'), JSON.stringify(stored.filter((e) => !(e.problem === 'kp100' && e.split === 'test200'))));
    const c = await build(join(root, 'out-c'), calls, { from: committed });
    expect(calls).toEqual([{ problem: 'kp100', splits: ['test200'], seed: deriveSeed(0, 'eval') }]);
    expect(c.markdown).toBe(a.markdown);
  });

  it('keeps no entry for a split that timed out, so the next build tries it again', async () => {
    const out = join(root, 'out-timeout');
    const logged: string[] = [];
    const flaky: TableOptions['evaluateBaseline'] = async (problem, code, splits, seed) => {
      const outcomes = await fakeBaselineEvaluator([], objective)(problem, code, splits, seed);
      return outcomes.map((o, i) => (problem.id === 'asp15' && splits[i] === 'n15w10' ? { status: 'timeout' as const, ms: 30_000 } : o));
    };
    const first = await build(out, [], { evaluateBaseline: flaky, log: (line) => logged.push(line) });
    expect(first.baselines.some((b) => b.problem === 'asp15' && b.split === 'n15w10')).toBe(false);
    expect(logged).toContain('table: baseline constant on asp15 n15w10: timeout; not kept, the next build tries again');
    const calls: BaselineCall[] = [];
    await build(out, calls);
    expect(calls).toEqual([{ problem: 'asp15', splits: ['n15w10'], seed: deriveSeed(0, 'eval') }]);
  });
});
