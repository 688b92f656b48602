import { join } from 'node:path';
import { describe, it } from 'vitest';
import { expectUnittestPasses, pythonHas } from './python-unittest.ts';

/**
 * models/recipe/add_tokens.py makes a word one token: appended merges, other texts encoded as before, and the
 * checkpoint grown by rows that start as the mean of the replaced pieces (tests/models/add_tokens_check.py). Needs
 * Debian's python3-torch; skipped without it.
 */
const available = pythonHas('torch, numpy');

describe('add_tokens.py', () => {
  it('adds ` ||` as one token to a trained tokenizer and grows the checkpoint to match (add_tokens_check.py)', (ctx) => {
    ctx.skip(!available, '/usr/bin/python3 lacks torch or numpy (apt: python3-torch python3-numpy)');
    expectUnittestPasses(join(import.meta.dirname, 'add_tokens_check.py')); // seconds on the 2 cores
  }, 620_000);
});
