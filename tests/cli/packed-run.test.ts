import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * ahd export, replay and probe --run on a run packed in a study's runs.zip (benchmarks/pack-runs.mjs) give what
 * they give on the same run unpacked: a committed study keeps only its archive, and the commands read the run
 * through run-source at the path of the unpacked run.
 */

/** Runs the real binary (bin/ahd.js) and returns its exit status and output. */
function ahd(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/ahd.js', ...args], { encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const PACK = join(import.meta.dirname, '..', '..', 'benchmarks', 'pack-runs.mjs');
const root = mkdtempSync(join(tmpdir(), 'ahd-packed-run-'));
const study = join(root, 'study');
const run = join(study, 'runs', 'tsp50-sample-es-b20-r1');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What export, replay (the tuned model's files) and probe --run (two samples) give on the run at `run` now. */
function outputs(name: string) {
  const exported = ahd('export', run);
  expect(exported.status, exported.stderr).toBe(0);
  const out = join(root, `tuned-${name}`);
  const replayed = ahd('replay', run, '--out', out);
  expect(replayed.status, replayed.stderr).toBe(0);
  const probed = ahd('probe', '--run', run, '--samples', '2', '--json');
  expect(probed.status, probed.stderr).toBe(0);
  return {
    module: exported.stdout,
    replay: replayed.stdout.replace(out, '<out>'),
    weights: readFileSync(join(out, 'model.onnx')),
    probe: JSON.parse(probed.stdout),
  };
}

describe('a run packed in a study\'s runs.zip', () => {
  let full: string;
  let unpacked: ReturnType<typeof outputs>;
  beforeAll(() => {
    // A short Sample+ES run on the bundled model: a population snapshot, best.js and a history with updates.
    const made = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--es', '--budget', '20', '--seed', '1', '--out', run, '--json');
    expect(made.status, made.stderr).toBe(0);
    full = ahd('export', run).stdout;
    const packed = spawnSync(process.execPath, [PACK, study], { encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    // On disk, what the archive holds (pack-runs leaves out snapshots and the event log): the run unzipped.
    rmSync(join(run, 'population'), { recursive: true });
    rmSync(join(run, 'events.jsonl'));
    unpacked = outputs('unpacked');
    rmSync(join(study, 'runs'), { recursive: true });
  }, 300_000);

  it('exports, replays and probes as the unpacked run does', () => {
    const packed = outputs('packed');
    expect(packed.module).toBe(unpacked.module);
    expect(packed.replay).toBe(unpacked.replay);
    expect(packed.replay).toMatch(/^replayed [1-9]\d* updates/);
    expect(packed.weights.equals(unpacked.weights)).toBe(true);
    expect(packed.probe).toEqual(unpacked.probe);
    expect(packed.probe.tuned.updates).toBeGreaterThan(0);
  }, 300_000);

  it("exports from best.js the heuristic the run's last snapshot holds (only the generation count is not kept)", () => {
    expect(full).toMatch(/, generation 1 of 1, /);
    expect(ahd('export', run).stdout).toBe(full.replace(', generation 1 of 1, ', ', generation 1, '));
  });

  it('names a path that is neither on disk nor in the archive: one line, exit 2', () => {
    const missing = join(study, 'runs', 'nope');
    for (const args of [['export', missing], ['replay', missing, '--out', join(root, 'x')], ['probe', '--run', missing, '--samples', '1']]) {
      const { status, stdout, stderr } = ahd(...args);
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`ahd: ${missing}: no such run directory\n`);
    }
  });
});
