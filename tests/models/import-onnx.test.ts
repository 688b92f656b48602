import { join } from 'node:path';
import { describe, it } from 'vitest';
import { expectUnittestPasses, pythonHas } from './python-unittest.ts';

/**
 * models/recipe/import_onnx.py gives back the weights export_onnx.py wrote, bit for bit, so a bundled model can be
 * fine-tuned after its training checkpoint is gone (tests/models/import_onnx_check.py). Needs Debian's
 * python3-torch and python3-onnx; skipped without them.
 */
const available = pythonHas('torch, onnx, numpy');

describe('import_onnx.py', () => {
  it('round-trips export_onnx.py exactly and refuses a mismatched folder (import_onnx_check.py)', (ctx) => {
    ctx.skip(!available, '/usr/bin/python3 lacks torch, onnx or numpy (apt: python3-torch python3-onnx python3-numpy)');
    expectUnittestPasses(join(import.meta.dirname, 'import_onnx_check.py')); // seconds on the 2 cores
  }, 620_000);
});
