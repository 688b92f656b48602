import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * models/recipe/train.py trains in chunks across sessions: tests/models/train_chunks.py checks that N steps in one
 * go equal N/2 + --resume + N/2 (and a kill -9 mid-save + --resume) bit for bit, and the refusals of a changed
 * plan. Needs Debian's python3-torch and python3-numpy; skipped without them.
 */
const PYTHON = '/usr/bin/python3';
const SCRIPT = join(import.meta.dirname, 'train_chunks.py');
const available = spawnSync(PYTHON, ['-c', 'import torch, numpy'], { encoding: 'utf8' }).status === 0;

describe('train.py chunks', () => {
  it('resumes bit-identically and refuses a changed plan (train_chunks.py)', (ctx) => {
    ctx.skip(!available, '/usr/bin/python3 lacks torch or numpy (apt: python3-torch python3-numpy)');
    // About 15 s on the 2 cores; the limits only catch a hang (a starved machine can take minutes).
    const result = spawnSync(PYTHON, [SCRIPT], { encoding: 'utf8', timeout: 600_000 });
    expect(result.stderr).toMatch(/\nOK( \(skipped=\d+\))?\s*$/);
    expect(result.status).toBe(0);
  }, 620_000);
});
