import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

describe('study tables', () => {
  it('regenerates every checked study table from the committed runs, as its results file holds it', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH: benchmarks/check-study-tables.py not run');
    const check = spawnSync('python3', [join(ROOT, 'benchmarks', 'check-study-tables.py')], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    // Every table it lists was compared (a silently empty list would pass).
    expect(check.stdout.match(/^ok: /gm)?.length).toBe(14);
  });
});
