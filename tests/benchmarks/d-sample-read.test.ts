import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'benchmarks', 'results', 'model-headroom', 'd-sample-3-5', 'read.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const FIRST: Record<string, string> = {
  tsp50: 'test20',
  kp100: 'test100',
  asp15: 'n12w7',
  'aco-tsp50': 'test50',
  'aco-cvrp50': 'test50',
  'aco-bpp500': 'test500',
};

/** A finished Sample run (config.json and summary.json as a run writes them) with one value on train and test. */
function sampleRun(root: string, problem: string, seed: number, value: number): void {
  const dir = join(root, `${problem}-sample-b1000-r${seed}`);
  mkdirSync(dir, { recursive: true });
  const config = { version: 2, problem, search: { scaffold: 'sample', budget: 1000, seed }, es: { enabled: false } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  writeFileSync(join(dir, 'summary.json'), JSON.stringify({ best: { objective: value, test: { [FIRST[problem]]: value } } }));
}

describe('d-sample-3-5/read.py', () => {
  it("pairs new Sample runs at seeds 3-5 with D's committed EoH runs, and reads the pool only when every task is whole", (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const root = mkdtempSync(join(tmpdir(), 'ahd-d-sample-'));
    // Sample far worse than any committed EoH run on kp100 (maximised) at seeds 3-5; asp15 left one seed short.
    for (const seed of [3, 4, 5]) sampleRun(root, 'kp100', seed, 1);
    for (const seed of [3, 4]) sampleRun(root, 'asp15', seed, 700);
    let run = spawnSync('python3', [SCRIPT, root], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const section = (out: string, label: string) => out.split('### ').find((s) => s.startsWith(label))!;
    expect(section(run.stdout, 'seeds 3-5')).toMatch(/\| kp100 \| test100 \| 3 \| 1\.0000 \| 40\.\d{4} \| \+39\.\d{4} \| \d\.\d{4} \| yes \|/);
    expect(section(run.stdout, 'seeds 3-5')).toMatch(/\| asp15 \| n12w7 \| 2 of 3 \| .*not read/);
    expect(section(run.stdout, 'seeds 0-5, pooled')).toMatch(/nothing is read/);
    // With every task whole the pool is read over six pairs.
    for (const problem of Object.keys(FIRST)) for (const seed of [3, 4, 5]) if (problem !== 'kp100') sampleRun(root, problem, seed, 700);
    run = spawnSync('python3', [SCRIPT, root], { encoding: 'utf8' });
    expect(section(run.stdout, 'seeds 0-5, pooled')).toMatch(/\| kp100 \| test100 \| 6 \| /);
    expect(section(run.stdout, 'seeds 0-5, pooled')).toMatch(/EoH over Sample beyond two SE on the first test split \(seeds 0-5, pooled \(decides\)\): \d of 6 tasks/);
  });
});
