import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** Runs the real binary (bin/ahd.js) and returns its exit status and output. */
function ahd(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/ahd.js', ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'ahd-probe-'));
const run = join(dir, 'run');

describe('ahd probe', () => {
  beforeAll(() => {
    // A short Sample+ES run on the bundled model: its history holds the updates the probe replays.
    const made = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--es', '--budget', '20', '--seed', '1', '--out', run, '--json');
    expect(made.status, made.stderr).toBe(0);
  }, 300_000);

  it("pairs a run's tuned model with its base on the same sampler seeds", () => {
    const { status, stdout, stderr } = ahd('probe', '--run', run, '--samples', '4', '--json');
    expect(status, stderr).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.problem).toBe('tsp50');
    expect(result.base).toMatchObject({ updates: 0, n: 4 });
    const history = JSON.parse(readFileSync(join(run, 'history.json'), 'utf8'));
    expect(result.tuned).toMatchObject({ updates: history.records.length, n: 4 });
    expect(history.records.length).toBeGreaterThan(0);
    expect(result.paired.pairs).toBeLessThanOrEqual(4);
  }, 300_000);

  it("a copied run whose model path is not there: the bundled model of the recorded name, else how to name it (exit 2)", () => {
    const moved = join(dir, 'moved');
    cpSync(run, moved, { recursive: true });
    const config = JSON.parse(readFileSync(join(moved, 'config.json'), 'utf8'));
    writeFileSync(join(moved, 'config.json'), JSON.stringify({ ...config, llm: { ...config.llm, model: '/nonexistent/ahd-heuristic-lm' } }));
    const found = ahd('probe', '--run', moved, '--samples', '2', '--json');
    expect(found.status, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout).tuned.n).toBe(2);

    writeFileSync(join(moved, 'config.json'), JSON.stringify({ ...config, llm: { ...config.llm, model: '/nonexistent/other-lm' }, recorded: { ...config.recorded, model: 'other-lm' } }));
    const { status, stdout, stderr } = ahd('probe', '--run', moved, '--samples', '2');
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^ahd: the run's model other-lm was at \/nonexistent\/other-lm, which is not there any more, and no bundled model is other-lm: name it for .*moved with --model <dir>\n$/);
  }, 300_000);

  it('refuses --updates without --run, a run without ES, and --problem missing without --run (exit 2, one line)', () => {
    for (const [args, message] of [
      [['--updates', '3', '--problem', 'tsp50'], /--updates needs --run <dir>/],
      [['--samples', '2'], /--problem is required without --run/],
    ] as const) {
      const { status, stderr } = ahd('probe', ...args);
      expect(status).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
    const plain = join(dir, 'plain');
    cpSync(run, plain, { recursive: true });
    const config = JSON.parse(readFileSync(join(plain, 'config.json'), 'utf8'));
    writeFileSync(join(plain, 'config.json'), JSON.stringify({ ...config, es: { enabled: false } }));
    const { status, stderr } = ahd('probe', '--run', plain);
    expect(status).toBe(2);
    expect(stderr).toMatch(/is not an --es run: nothing to replay/);
  });
});
