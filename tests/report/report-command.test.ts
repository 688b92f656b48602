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

  it('a place it cannot write is one usage line naming the file (exit 2), as ahd export says it', () => {
    const run = join(dir, 'unwritable');
    cpSync(FIXTURE, run, { recursive: true });
    ahd('report', run, '--out', join(dir, 'scored-once.html')); // the baselines, so the refusal below comes at once
    // /proc takes no new files, as root too (a directory without write permission does not stop root).
    const out = '/proc/ahd-report.html';
    for (const args of [['report', run, '--out', out], ['export', run, '--out', out]]) {
      const result = ahd(...args);
      expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
      expect(result.stderr).toMatch(new RegExp(`^ahd: (--out )?${out}: cannot write \\((ENOENT|EACCES)\\)\n$`));
    }
  });

  it('refuses a missing run directory with one usage line (exit 2)', () => {
    const result = ahd('report', join(dir, 'nope'));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`ahd: ${join(dir, 'nope')}: no such run directory\n`);
  });
});
