import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'benchmarks', 'results', 'model-headroom', 'copy-m2', 'read.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

/** measure.ts --answers lines: one per m2 sample, `[valid, sameShape]` per seed. */
function answers(dir: string, name: string, rows: Record<string, [boolean, boolean][]>): string {
  const lines = Object.entries(rows).flatMap(([problem, xs]) =>
    xs.map(([valid, sameShape], seed) => JSON.stringify({ problem, operator: 'm2', seed, valid, sameShape, text: '' })),
  );
  // An i1 line, as a file measured with more operators has: not an m2 pair, not read.
  lines.push(JSON.stringify({ problem: 'tsp50', operator: 'i1', seed: 0, valid: false, text: '' }));
  writeFileSync(join(dir, name), lines.join('\n') + '\n');
  return join(dir, name);
}

/** n samples with the same outcome, [valid, sameShape]. */
const times = (n: number, x: [boolean, boolean]): [boolean, boolean][] => Array.from({ length: n }, () => x);

describe('copy-m2/read.py', () => {
  it('pairs samples by task and seed and applies Amendment 11: shape up on tsp50 and kp100, validity down nowhere', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const dir = mkdtempSync(join(tmpdir(), 'ahd-copy-m2-'));
    const a = answers(dir, 'a.jsonl', {
      tsp50: times(10, [true, false]),
      kp100: [...times(5, [true, false]), ...times(5, [true, true])],
      asp15: times(10, [true, true]),
    });
    const up = answers(dir, 'e.jsonl', {
      tsp50: times(10, [true, true]),
      kp100: times(10, [true, true]),
      asp15: times(10, [true, true]),
    });
    const read = (e: string) => spawnSync('python3', [SCRIPT, a, e], { encoding: 'utf8' });
    const run = read(up);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('| tsp50 | 10 | 100.0% | 100.0% | +0.0 (0.0) | 0.0% | 100.0% | +100.0 (0.0) |');
    // kp100: five pairs rise by one, five stay: +50%, SE sd(0.527)/sqrt(10) = 16.7%: beyond two SE.
    expect(run.stdout).toContain('| kp100 | 10 | 100.0% | 100.0% | +0.0 (0.0) | 50.0% | 100.0% | +50.0 (16.7) |');
    expect(run.stdout).toMatch(/\nM1: pass\n$/);

    // Validity falling on one task fails the decision even where the shape rises.
    const down = answers(dir, 'e2.jsonl', {
      tsp50: times(10, [true, true]),
      kp100: times(10, [true, true]),
      asp15: times(10, [false, false]),
    });
    const failed = read(down);
    expect(failed.stdout).toContain('- valid share lower beyond two SE on: asp15');
    expect(failed.stdout).toMatch(/\nM1: fail\n$/);
  });
});
