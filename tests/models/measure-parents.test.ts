import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// models/recipe/measure.ts reads --parents-from before it loads the model or samples anything, so these cost only
// the script's start: a wrong run list must fail at once, in one line, not after a problem's i1 samples.
const MEASURE = 'models/recipe/measure.ts';
const PACKED = 'benchmarks/results/model-headroom/measure2-lm-5/part-1/runs';

function measure(...args: string[]) {
  const out = spawnSync(process.execPath, ['--import', 'tsx', MEASURE, '--samples', '1', ...args], { encoding: 'utf8' });
  return { status: out.status, stderr: out.stderr.trim() };
}

describe('measure.ts --parents-from', () => {
  it('names a run directory that does not exist, in one line, exit 2', () => {
    const { status, stderr } = measure('--problems', 'tsp50', '--parents-from', '/nonexistent/run');
    expect(status).toBe(2);
    expect(stderr).toBe('measure: /nonexistent/run: no such run directory');
  });

  it('refuses a run list with no run of a measured problem (a packed kp100 run for tsp50)', () => {
    const { status, stderr } = measure('--problems', 'tsp50', '--parents-from', `${PACKED}/kp100-eoh-b1000-r0`);
    expect(status).toBe(2);
    expect(stderr).toBe('measure: --parents-from: no finished run of tsp50 among the runs given');
  });

  it('refuses an unknown operator and m2 alone without parents, in one line, exit 2', () => {
    expect(measure('--problems', 'tsp50', '--operators', 'm3')).toEqual({
      status: 2,
      stderr: 'measure: --operators takes i1, e1, e2, m1, m2; got m3',
    });
    expect(measure('--problems', 'tsp50', '--operators', 'm2')).toEqual({
      status: 2,
      stderr: 'measure: --operators without i1 needs --parents-from (the parents come from i1 otherwise)',
    });
  });
});
