import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReport } from '../../src/report/index.ts';

/** Renders report pages in Debian's headless Chromium (scripts/check-report-render.mjs); needs /usr/bin/chromium. */
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const why = hasChromium ? '' : ` [skipped: ${CHROMIUM} not found; apt-get install -y chromium to run it]`;
const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'tests', 'fixtures', 'run-dir');
const CHECK = join(ROOT, 'scripts', 'check-report-render.mjs');

const dir = mkdtempSync(join(tmpdir(), 'ahd-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the check script; returns its exit status and the JSON line it printed. */
function check(file: string, ...args: string[]): { status: number; result: Record<string, unknown> } {
  try {
    const stdout = execFileSync(process.execPath, [CHECK, file, ...args], { encoding: 'utf8', timeout: 120_000 });
    return { status: 0, result: JSON.parse(stdout) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { status: e.status, result: JSON.parse(e.stdout) };
  }
}

describe.skipIf(!hasChromium)(`report rendering in headless Chromium${why}`, () => {
  it("draws all five charts of the fixture report, the task's baselines (scored in the sandbox) across the first", async () => {
    const run = join(dir, 'run');
    cpSync(FIXTURE, run, { recursive: true });
    const out = await writeReport(run, join(dir, 'report.html'));
    expect(readFileSync(out, 'utf8')).toContain('"label":"baseline: nearest-neighbour"');
    expect(JSON.parse(readFileSync(join(run, 'baselines.json'), 'utf8'))).toContainEqual(
      expect.objectContaining({ problem: 'tsp50', split: 'train', baseline: 'nearest-neighbour', mean: 7.00437 }),
    );
    const { status, result } = check(out, '--expect-charts', '5');
    expect(result).toMatchObject({ ok: true, rendered: 'ok', charts: 5 });
    expect(status).toBe(0);
    for (const ink of result.ink as number[]) expect(ink).toBeGreaterThan(2000);
  }, 120_000);

  it('fails a page whose charts never drew', () => {
    const blank = join(dir, 'blank.html');
    writeFileSync(blank, '<!DOCTYPE html><html><body><canvas id="c"></canvas></body></html>');
    const { status, result } = check(blank);
    expect(status).toBe(1);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/did not report rendered charts/);
  }, 120_000);
});
