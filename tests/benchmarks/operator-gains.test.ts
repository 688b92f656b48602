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

const generation = (index: number, operator: string, parents: number[], attempt = 0, code?: string) => ({
  type: 'generation',
  index,
  attempt,
  operator,
  parents,
  ...(code ? { parsed: { ok: true, code } } : {}),
});
/** Two programs of one shape: only a number and the sign a weight folds into differ. */
const PARENT = 'function f(x) {\n  return 0.5 * x + 2;\n}';
const CHILD = 'function f(x) {\n  return 1.25 * x - 3;\n}';
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
      generation(1, 'i1', [], 0, PARENT),
      outcome(1, 3),
      // A retried sample: the last attempt is the one evaluated.
      generation(2, 'm1', [0]),
      generation(2, 'm2', [1], 1, CHILD),
      outcome(2, 2),
      generation(3, 'e1', [0, 1]),
      outcome(3, null),
    ]);
    const run = spawnSync('python3', [SCRIPT, dir], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('| tsp50'));
    expect(rows).toEqual([
      '| tsp50 | eoh | 1 | e1 | 1 | 0.0% | - | 0 | 0 | - |',
      '| tsp50 | eoh | 1 | i1 | 2 | 100.0% | - | 2 | 0 | - |',
      '| tsp50 | eoh | 1 | m2 | 1 | 100.0% | 100.0% | 1 | 1 | 100.0% |',
    ]);
  });

  it("reads the corpus's own m1/m2 examples of the six tasks: the share that keeps its parent's shape", (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const file = join(mkdtempSync(join(tmpdir(), 'ahd-gains-')), 'corpus.jsonl');
    const example = (problem: string, operator: string, answer: string) => ({ problem, operator, prompt: `#${problem} ${operator}\n<p>{d}\n${PARENT}`, answer: `{d}\n${answer}` });
    const structural = 'function f(x) {\n  return 0.5 * x * x + 2;\n}';
    const examples = [example('kp100', 'm2', CHILD), example('kp100', 'm2', structural), example('kp100', 'm1', structural), example('bin-job', 'm2', CHILD)];
    writeFileSync(file, examples.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const run = spawnSync('python3', [SCRIPT, '--corpus', file], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n').filter((line) => line.startsWith('| kp100') || line.startsWith('| bin'))).toEqual([
      '| kp100 | m1 | 1 | 0.0% |',
      '| kp100 | m2 | 2 | 50.0% |',
    ]);
  });

  it('refuses to run without a run directory, in one line', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const run = spawnSync('python3', [SCRIPT], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim()).toBe('usage: operator-gains.py <run dir>... | --corpus <corpus.jsonl>');
  });
});
