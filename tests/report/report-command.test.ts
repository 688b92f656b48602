import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const AHD = join(ROOT, 'bin', 'ahd.js');
const FIXTURE = join(ROOT, 'tests', 'fixtures', 'run-dir');
const dir = mkdtempSync(join(tmpdir(), 'ahd-report-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ahd = (...args: string[]) => spawnSync(process.execPath, [AHD, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('ahd report (command line)', () => {
  it('writes the report to --out and prints its path; the baselines are scored the first time only', () => {
    const run = join(dir, 'run');
    cpSync(FIXTURE, run, { recursive: true });
    const out = join(dir, 'r.html');
    const first = ahd('report', run, '--out', out);
    expect(first.stderr).toContain('report: evaluating baseline nearest-neighbour on tsp50 train (eval seed ');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(`${out}\n`);
    expect(readFileSync(out, 'utf8')).toContain('"label":"baseline: farthest-insertion"');
    const second = ahd('report', run, '--out', out);
    expect(second.stderr).toBe('');
    expect(second.status).toBe(0);
    expect(existsSync(join(run, 'baselines.json'))).toBe(true);
  });

  it('refuses a missing run directory with one usage line (exit 2)', () => {
    const result = ahd('report', join(dir, 'nope'));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`ahd: ${join(dir, 'nope')}: no such run directory\n`);
  });
});
