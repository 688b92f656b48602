/**
 * bin/ahd.js, the wrapper that re-executes Node for the CLI: a signal sent to it reaches the child, and its exit
 * status is the child's (128 + the signal number when a signal ended the child).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../problems/index.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;

describe('bin/ahd.js', () => {
  it('SIGTERM to the wrapper ends the child (ahd eval has no handler) and the wrapper exits 143', async () => {
    const heuristic = join(mkdtempSync(join(tmpdir(), 'ahd-bin-')), 'seed.js');
    writeFileSync(heuristic, getProblem('aco-bpp500').seedCode);
    // A split that takes minutes; its own process group, so the test can clean up whatever is left.
    const args = [AHD, 'eval', '--problem', 'aco-bpp500', '--heuristic', heuristic, '--split', 'test1000'];
    const wrapper = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    wrapper.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes('evaluating')) wrapper.kill('SIGTERM'); // the wrapper only, not its group
    });
    const timer = setTimeout(() => process.kill(-(wrapper.pid as number), 'SIGKILL'), 30_000);
    try {
      // 'close' waits for the stderr pipe, which the child holds too: it fires once the child is gone.
      const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        wrapper.on('close', (code, sig) => resolve([code, sig])),
      );
      expect({ status, signal }, stderr).toEqual({ status: 143, signal: null });
    } finally {
      clearTimeout(timer);
    }
  });
});
