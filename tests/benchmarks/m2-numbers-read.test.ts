import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'benchmarks', 'results', 'model-headroom', 'm2-numbers', 'read.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

/** A finished EoH --m2 numbers run (config.json and summary.json as a run writes them) with one test value. */
function numbersRun(root: string, problem: string, seed: number, split: string, test: number, finished = true): void {
  const dir = join(root, `${problem}-eoh-m2n-b1000-r${seed}`);
  mkdirSync(dir, { recursive: true });
  const config = { version: 2, problem, search: { scaffold: 'eoh', budget: 1000, seed, m2: 'numbers' }, es: { enabled: false } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  if (finished) writeFileSync(join(dir, 'summary.json'), JSON.stringify({ best: { objective: test, test: { [split]: test } } }));
}

describe('m2-numbers/read.py', () => {
  it("pairs the numbers runs with D's committed Sample and EoH runs by seed and counts the tasks beyond two SE", (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const root = mkdtempSync(join(tmpdir(), 'ahd-m2n-'));
    // kp100 (maximised) far above D's Sample on every seed; aco-cvrp50 (minimised) far worse; asp15 one seed short.
    for (const seed of [0, 1, 2]) numbersRun(root, 'kp100', seed, 'test100', 41 + seed * 0.001);
    for (const seed of [0, 1, 2]) numbersRun(root, 'aco-cvrp50', seed, 'test50', 100);
    numbersRun(root, 'asp15', 0, 'n12w7', 800);
    numbersRun(root, 'asp15', 1, 'n12w7', 800, false);
    const run = spawnSync('python3', [SCRIPT, root], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const row = (task: string, split: string) => run.stdout.split('\n').find((l) => l.startsWith(`| ${task} | ${split} |`))!;
    expect(row('kp100', 'test100')).toMatch(/\| 3 \| .* \| \+0\.7\d+ \(\d\.\d+\) \| yes \|/);
    expect(row('aco-cvrp50', 'test50')).toMatch(/\| -9\d\.\d+ \(\d\.\d+\) \| no \|/);
    expect(row('asp15', 'n12w7')).toMatch(/1 of 3 .* not read/);
    expect(run.stdout).toMatch(/beyond two SE on the first test split: 1 of 2 tasks read \(kp100\)/);
  });

  it('refuses two runs of one task and seed', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const a = mkdtempSync(join(tmpdir(), 'ahd-m2n-'));
    const b = mkdtempSync(join(tmpdir(), 'ahd-m2n-'));
    numbersRun(a, 'kp100', 0, 'test100', 41);
    numbersRun(b, 'kp100', 0, 'test100', 41);
    const run = spawnSync('python3', [SCRIPT, a, b], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/two runs of \('kp100', 'eoh-numbers', 0\)/);
  });
});
