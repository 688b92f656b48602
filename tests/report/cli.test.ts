import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  it('writes the report to --out and prints its path', () => {
    const out = join(dir, 'r.html');
    const result = ahd('report', FIXTURE, '--out', out);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${out}\n`);
    expect(existsSync(out)).toBe(true);
  });

  it('refuses a missing run directory with one usage line (exit 2)', () => {
    const result = ahd('report', join(dir, 'nope'));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`ahd: ${join(dir, 'nope')}: no such run directory\n`);
  });
});
