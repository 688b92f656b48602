import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headroomRecord as record } from './headroom-record.ts';

const HEADROOM = join(import.meta.dirname, '..', '..', 'benchmarks', 'results', 'model-headroom');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const rowOf = (stdout: string, task: string, split: string) =>
  stdout.split('\n').find((l) => l.startsWith(`| ${task} | `) && l.includes(`| ${split} |`));

describe('grammar-headroom/eoh-vs-sample/read.py', () => {
  it("pairs the search arm's refined best with the Sample arm's sampled best by seed, in each task's sense", (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const root = mkdtempSync(join(tmpdir(), 'ahd-eoh-vs-sample-'));
    const [search, sample] = [join(root, 'search'), join(root, 'sample')];
    mkdirSync(search);
    mkdirSync(sample);
    const write = (dir: string, name: string, records: object[]) => writeFileSync(join(dir, name), JSON.stringify(records));
    // The search arm's sampled field (best of its first 100) must not be read, nor the Sample arm's refined one.
    write(search, 'seed-1-kp100.json', [record('kp100', 'test100', 1, 40.5)]);
    write(search, 'seed-2-kp100.json', [record('kp100', 'test100', 1, 40.7)]);
    write(sample, 'seed-1.json', [record('kp100', 'test100', 40, 99)]);
    write(sample, 'seed-2.json', [record('kp100', 'test100', 40, 99)]);
    write(search, 'seed-1-aco-tsp50.json', [record('aco-tsp50', 'test50', 0, 6.1)]);
    write(search, 'seed-2-aco-tsp50.json', [record('aco-tsp50', 'test50', 0, 5.9)]);
    write(search, 'seed-3-aco-tsp50.json', [record('aco-tsp50', 'test50', 0, 5.9)]);
    write(sample, 'seed-1-aco-tsp50.json', [record('aco-tsp50', 'test50', 6, 0)]);
    write(sample, 'seed-2-aco-tsp50.json', [record('aco-tsp50', 'test50', 6, 0)]);
    const run = spawnSync('python3', [join(HEADROOM, 'grammar-headroom', 'eoh-vs-sample', 'read.py'), search, sample], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(rowOf(run.stdout, 'kp100', 'test100')).toMatch(/^\| kp100 \| 1, 2 \| test100 \| 40\.0000 \| 40\.6000 \| \+0\.6000 \| 0\.1000 \| yes \|/);
    // Minimised, and seed 3 has no Sample arm: the pairs read -0.1 (worse) and +0.1, mean 0.
    expect(rowOf(run.stdout, 'aco-tsp50', 'test50')).toMatch(/^\| aco-tsp50 \| 1, 2 \| test50 \| 6\.0000 \| 6\.0000 \| \+0\.0000 \| 0\.1000 \| no \|/);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('- ') || l.startsWith('search over'))).toEqual([
      '- kp100 test100: search beats Sample (+0.6000, SE 0.1000, 2 seeds, fewer than three)',
      '- aco-tsp50 test50: no (+0.0000, SE 0.1000, 2 seeds, fewer than three)',
      'search over Sample beyond two SE on the first test split: 1 of 2 tasks read (kp100)',
    ]);
  });
});

describe('ceilings/read.py', () => {
  it('puts each bound beside the best rule and the searches, with the room left in the task sense', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const dir = mkdtempSync(join(tmpdir(), 'ahd-ceilings-'));
    const rows = [
      { problem: 'kp100', split: 'test100', kind: 'exact', what: 'branch and bound', mean: 40.3 },
      { problem: 'aco-bpp500', split: 'test500', kind: 'bound', what: 'Martello-Toth L2', mean: 200.5 },
    ];
    writeFileSync(join(dir, 'ceilings.json'), JSON.stringify({ seed: 1, rows }));
    const cell = (problem: string, split: string, scaffold: string, values: number[]) =>
      ({ problem, split, budget: 1000, scaffold, es: false, seeds: [0, 1, 2], values });
    const table = {
      cells: [
        cell('kp100', 'test100', 'eoh', [40.25, 40.26, 40.27]),
        cell('kp100', 'test100', 'sample', [40.2, 40.2, 40.2]),
        cell('aco-bpp500', 'test500', 'eoh', [203, 203.5, 203.5]),
      ],
      baselines: [
        { problem: 'kp100', split: 'test100', baseline: 'ratio-greedy', mean: 40.2, count: 1000, valid: 1000 },
        { problem: 'aco-bpp500', split: 'test500', baseline: 'largest-demand', mean: 203.6, count: 64, valid: 64 },
        { problem: 'aco-bpp500', split: 'test500', baseline: 'worse', mean: 205, count: 64, valid: 64 },
      ],
    };
    writeFileSync(join(dir, 'table.json'), JSON.stringify(table));
    const run = spawnSync('python3', [join(HEADROOM, 'ceilings', 'read.py'), join(dir, 'ceilings.json'), dir], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // kp100 maximised: EoH 40.26, 0.04 short of the optimum, 60% of the rule's 0.1 gap closed.
    expect(rowOf(run.stdout, 'kp100', 'test100')).toBe(
      '| kp100 | test100 | branch and bound | exact | 40.3000 | ratio-greedy 40.2000 | 40.2000 | 40.2600 | +0.0400 | 60% |',
    );
    // aco-bpp500 minimised: the best rule is the fewer bins; EoH 203.3333, 2.8333 above the bound.
    expect(rowOf(run.stdout, 'aco-bpp500', 'test500')).toBe(
      '| aco-bpp500 | test500 | Martello-Toth L2 | bound | 200.5000 | largest-demand 203.6000 | - | 203.3333 | +2.8333 | 9% |',
    );
  });
});
