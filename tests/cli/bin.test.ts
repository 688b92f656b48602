/**
 * bin/ahd.js runs the compiled CLI in its own process (no re-exec): a signal sent to it reaches the command
 * directly, and nothing it started outlives it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;

/** Whether any process is left in process group `pgid`. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('bin/ahd.js', () => {
  it('a reader that closes the pipe early ends nothing but the output: exit 0, no error printed', async () => {
    const ahd = spawn(process.execPath, [AHD, 'problems'], { stdio: ['ignore', 'pipe', 'pipe'] });
    ahd.stdout.destroy(); // as `ahd problems | head -0` does
    let stderr = '';
    ahd.stderr.on('data', (chunk) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => ahd.on('exit', (code) => resolve(code)));
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('SIGTERM ends ahd eval (no handler) with that signal, and its sandbox process exits too', async () => {
    const heuristic = join(mkdtempSync(join(tmpdir(), 'ahd-bin-')), 'seed.js');
    writeFileSync(heuristic, getProblem('aco-bpp500').seedCode);
    // A split that takes minutes; its own process group, so the test can see (and clean up) what is left.
    const args = [AHD, 'eval', '--problem', 'aco-bpp500', '--heuristic', heuristic, '--split', 'test1000'];
    const ahd = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    ahd.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('evaluating')) ahd.kill('SIGTERM'); // the CLI process only, not its group
    });
    const pgid = ahd.pid as number;
    const timer = setTimeout(() => process.kill(-pgid, 'SIGKILL'), 30_000);
    try {
      const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        ahd.on('exit', (code, sig) => resolve([code, sig])),
      );
      expect({ status, signal }, stderr).toEqual({ status: null, signal: 'SIGTERM' });
      for (let i = 0; i < 50 && groupAlive(pgid); i++) await sleep(100);
      expect(groupAlive(pgid)).toBe(false);
    } finally {
      clearTimeout(timer);
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  });
});
