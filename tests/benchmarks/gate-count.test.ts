import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'benchmarks', 'results', 'model-headroom', 'f-measure2', 'gate-count.py');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const GATE = 'const tour = []; for (let improved = true; improved; ) { improved = false; }';
const PLAIN = 'return distanceMatrix.map((row) => row.map((d) => 1 / d));';

/** A run directory's event log as a run writes it: one generation and, where it ran, one outcome per answer. */
function run(root: string, name: string, answers: { text: string; status?: string }[], best: string): void {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const lines = answers.flatMap(({ text, status }, index) => [
    { type: 'generation', index, operator: 'i1', text },
    ...(status ? [{ type: 'outcome', index, outcome: { status } }] : []),
  ]);
  writeFileSync(join(dir, 'events.jsonl'), lines.map((e) => JSON.stringify(e)).join('\n') + '\n');
  writeFileSync(join(dir, 'best.js'), best);
}

describe('f-measure2/gate-count.py', () => {
  it('counts the answers that write the tour gate, the valid ones among them, and whether the best holds it', (ctx) => {
    ctx.skip(python.status !== 0, 'python3 is not on PATH');
    const root = mkdtempSync(join(tmpdir(), 'ahd-gate-count-'));
    run(root, 'aco-tsp50-eoh-b1000-r0', [
      { text: GATE, status: 'ok' },
      { text: GATE, status: 'error' },
      { text: GATE },
      { text: PLAIN, status: 'ok' },
    ], GATE);
    run(root, 'aco-tsp50-eoh-b1000-r1', [{ text: PLAIN, status: 'ok' }], PLAIN);
    run(root, 'kp100-eoh-b1000-r0', [{ text: GATE, status: 'ok' }], GATE);
    const out = spawnSync('python3', [SCRIPT, root], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain('| aco-tsp50-eoh-b1000-r0 | 4 | 3 | 1 | yes |');
    expect(out.stdout).toContain('| aco-tsp50-eoh-b1000-r1 | 1 | 0 | 0 | no |');
    expect(out.stdout).not.toContain('kp100');
  });
});
