import { join } from 'node:path';
import { describe, it } from 'vitest';
import { expectUnittestPasses, pythonHas } from './python-unittest.ts';

/**
 * models/recipe/train.py trains in chunks across sessions: tests/models/train_chunks.py checks that N steps in one
 * go equal N/2 + --resume + N/2 (and a kill -9 mid-save + --resume) bit for bit, and the refusals of a changed
 * plan. Needs Debian's python3-torch and python3-numpy; skipped without them.
 */
const available = pythonHas('torch, numpy');

describe('train.py chunks', () => {
  it('resumes bit-identically and refuses a changed plan (train_chunks.py)', (ctx) => {
    ctx.skip(!available, '/usr/bin/python3 lacks torch or numpy (apt: python3-torch python3-numpy)');
    expectUnittestPasses(join(import.meta.dirname, 'train_chunks.py')); // about 15 s on the 2 cores
  }, 620_000);
});
