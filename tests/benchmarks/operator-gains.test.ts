import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'benchmarks', 'results', 'model-headroom', 'operator-gains.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });

/** A run directory whose event log holds the given events (objectives minimised, as runs write them). */
function runDir(events: readonly object[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ahd-gains-')), 'run');
  mkdirSync(dir);
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ problem: 'tsp50', search: { scaffold: 'eoh', budget: 4, seed: 0 } }));
  writeFileSync(join(dir, 'events.jsonl'), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return dir;
}

const generation = (index: number, operator: string, parents: number[], attempt = 0) => ({ type: 'generation', index, attempt, operator, parents });
const outcome = (index: number, objective: number | null) => ({
  type: 'outcome',
  index,
  outcome: objective === null ? { status: 'error' } : { status: 'ok', objective },
});

describe('operator-gains.py', () => {
  it('counts, per operator, valid children, children that beat their best parent, and new bests by run half', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const dir = runDir([
      generation(0, 'i1', []),
      outcome(0, 5),
      generation(1, 'i1', []),
      outcome(1, 3),
      // A retried sample: the last attempt is the one evaluated.
      generation(2, 'm1', [0]),
      generation(2, 'm2', [1], 1),
      outcome(2, 2),
      generation(3, 'e1', [0, 1]),
      outcome(3, null),
    ]);
    const run = spawnSync('python3', [SCRIPT, dir], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| tsp50'));
    expect(rows).toEqual([
      '| tsp50 | eoh | 1 | e1 | 1 | 0.0% | - | 0 | 0 |',
      '| tsp50 | eoh | 1 | i1 | 2 | 100.0% | - | 2 | 0 |',
      '| tsp50 | eoh | 1 | m2 | 1 | 100.0% | 100.0% | 1 | 1 |',
    ]);
  });

  it('refuses to run without a run directory, in one line', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const run = spawnSync('python3', [SCRIPT], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim()).toBe('usage: operator-gains.py <run dir>...');
  });
});
