import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFinishedRuns } from '../../../src/engine/run-dir/finished-runs.ts';
import { hasRunFile, isRunFolder, readRunFile, subfolders } from '../../../src/engine/run-dir/run-source.ts';
import { writeFakeRun } from '../../table/fake-runs.ts';

const PACK = join(import.meta.dirname, '..', '..', '..', 'benchmarks', 'pack-runs.mjs');
const root = mkdtempSync(join(tmpdir(), 'ahd-run-source-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pack = (study: string) => spawnSync(process.execPath, [PACK, study], { encoding: 'utf8' });

/** A study with two runs under runs/, a probe beside them, a run directory outside runs/ and a file that is no run's. */
function makeStudy(name: string): string {
  const study = join(root, name);
  for (const seed of [0, 1]) {
    writeFakeRun(join(study, 'runs', `tsp50-eoh-r${seed}`), { problem: 'tsp50', scaffold: 'eoh', es: false, budget: 1000, seed, train: 6.6, test: { test20: 4.2 } });
  }
  writeFakeRun(join(study, 'extra', 'tsp50-sample-r0'), { problem: 'tsp50', scaffold: 'sample', es: false, budget: 1000, seed: 0, train: 6.6, test: { test20: 4.3 } });
  writeFileSync(join(study, 'runs', 'tsp50-eoh-r0.probe.json'), '{"paired":{}}');
  writeFileSync(join(study, 'README.md'), 'design');
  mkdirSync(join(study, 'runs', 'tsp50-eoh-r0', 'population'), { recursive: true });
  writeFileSync(join(study, 'runs', 'tsp50-eoh-r0', 'population', 'gen-001.json'), '{}');
  return study;
}

/** Removes what pack-runs.mjs packed, as a study does once its runs.zip is committed. */
function unpackedAway(study: string): void {
  rmSync(join(study, 'runs'), { recursive: true });
  rmSync(join(study, 'extra'), { recursive: true });
}

describe('run source: run directories on disk or in a study\'s runs.zip', () => {
  it('packs byte for byte the same twice, and refuses to pack over an archive', () => {
    const a = makeStudy('twice-a');
    const b = join(root, 'twice-b');
    cpSync(a, b, { recursive: true });
    expect(pack(a).status).toBe(0);
    expect(pack(b).status).toBe(0);
    expect(readFileSync(join(a, 'runs.zip')).equals(readFileSync(join(b, 'runs.zip')))).toBe(true);
    const again = pack(a);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('runs.zip exists');
  });

  it('reads a packed run\'s files at the paths of the unpacked run, and only what was packed', () => {
    const study = makeStudy('read');
    const config = readFileSync(join(study, 'runs', 'tsp50-eoh-r1', 'config.json'), 'utf8');
    expect(pack(study).status).toBe(0);
    unpackedAway(study);
    const run = join(study, 'runs', 'tsp50-eoh-r1');
    expect(readRunFile(run, 'config.json')).toBe(config);
    expect(readRunFile(join(study, 'runs'), 'tsp50-eoh-r0.probe.json')).toBe('{"paired":{}}');
    expect(hasRunFile(join(study, 'extra', 'tsp50-sample-r0'), 'summary.json')).toBe(true);
    // Resume state and logs stay out of the archive; files that are no run's stay on disk.
    expect(hasRunFile(join(study, 'runs', 'tsp50-eoh-r0'), 'events.jsonl')).toBe(false);
    expect(isRunFolder(join(study, 'runs', 'tsp50-eoh-r0', 'population'))).toBe(false);
    expect(readRunFile(study, 'README.md')).toBe('design');
    expect(subfolders(study)).toEqual(['extra', 'runs']);
    expect(subfolders(join(study, 'runs'))).toEqual(['tsp50-eoh-r0', 'tsp50-eoh-r1']);
    expect(readRunFile(join(study, 'runs', 'tsp50-eoh-r9'), 'config.json')).toBeUndefined();
  });

  it('finds the finished runs of an archive as it found them on disk, and a file on disk wins', () => {
    const study = makeStudy('find');
    const before = findFinishedRuns(study);
    expect(pack(study).status).toBe(0);
    unpackedAway(study);
    expect(findFinishedRuns(study)).toEqual(before);
    expect(before.map((r) => r.dir)).toEqual([join(study, 'extra', 'tsp50-sample-r0'), join(study, 'runs', 'tsp50-eoh-r0'), join(study, 'runs', 'tsp50-eoh-r1')]);
    const fresh = join(study, 'runs', 'tsp50-eoh-r1');
    writeFakeRun(fresh, { problem: 'tsp50', scaffold: 'eoh', es: false, budget: 1000, seed: 1, train: 6.6, test: { test20: 9 } });
    expect(findFinishedRuns(study).find((r) => r.dir === fresh)?.summary.best.test).toEqual({ test20: 9 });
  });

  it('says clearly when runs.zip is not a zip archive', () => {
    const study = join(root, 'broken');
    mkdirSync(study);
    writeFileSync(join(study, 'runs.zip'), 'not a zip');
    expect(() => findFinishedRuns(study)).toThrow(/runs\.zip: not a readable zip archive/);
  });
});
