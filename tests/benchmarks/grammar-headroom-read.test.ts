import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headroomRecord as record } from './headroom-record.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'benchmarks', 'results', 'model-headroom', 'grammar-headroom', 'read.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

describe('grammar-headroom/read.py', () => {
  it('pairs seeds across one file per seed and one file per seed and task, and reads the first test split of tasks with two seeds or more', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const dir = mkdtempSync(join(tmpdir(), 'ahd-grammar-headroom-'));
    const write = (name: string, records: object[]) => writeFileSync(join(dir, name), JSON.stringify(records));
    // Amendment 8's layout (every task of a seed in one file) beside Amendment 10's (one file per seed and task).
    write('seed-1.json', [record('kp100', 'test100', 40, 40.5)]);
    write('seed-2.json', [record('kp100', 'test100', 40, 40.7)]);
    write('seed-1-aco-tsp50.json', [record('aco-tsp50', 'test50', 6, 5.9)]);
    write('seed-2-aco-tsp50.json', [record('aco-tsp50', 'test50', 6, 6.1)]);
    write('seed-1-aco-bpp500.json', [record('aco-bpp500', 'test500', 204, 203)]);
    const run = spawnSync('python3', [SCRIPT, dir], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const row = (task: string, split: string) => run.stdout.split('\n').find((l) => l.startsWith(`| ${task} | `) && l.includes(`| ${split} |`));
    // kp100 is maximised: +0.6 mean gain, SE 0.1, beyond two SE.
    expect(row('kp100', 'test100')).toMatch(/^\| kp100 \| 1, 2 \| test100 \| 40\.0000 \| 40\.6000 \| \+0\.6000 \| 0\.1000 \| yes \|/);
    // aco-tsp50 is minimised: gains +0.1 and -0.1 pair to 0, within two SE.
    expect(row('aco-tsp50', 'test50')).toMatch(/^\| aco-tsp50 \| 1, 2 \| test50 \| 6\.0000 \| 6\.0000 \| \+0\.0000 \| 0\.1000 \| no \|/);
    expect(row('aco-bpp500', 'test500')).toMatch(/^\| aco-bpp500 \| 1 \| test500 \| 204\.0000 \| 203\.0000 \| - \| - \| no \|/);
    // The verdict reads each task's first test split of the search table, and says how many seeds it stands on.
    const verdicts = run.stdout.split('\n').filter((l) => l.startsWith('- ') || l.startsWith('room on'));
    expect(verdicts).toEqual([
      '- kp100 test100: room (+0.6000, SE 0.1000, 2 seeds, fewer than three)',
      '- aco-tsp50 test50: no room (+0.0000, SE 0.1000, 2 seeds, fewer than three)',
      '- aco-bpp500 test500: not read (1 seed)',
      'room on the first test split: 1 of 2 tasks read (kp100)',
    ]);
  });
});
