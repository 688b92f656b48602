import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * models/recipe/import_onnx.py gives back the weights export_onnx.py wrote, bit for bit, so a bundled model can be
 * fine-tuned after its training checkpoint is gone (tests/models/import_onnx_check.py). Needs Debian's
 * python3-torch and python3-onnx; skipped without them.
 */
const PYTHON = '/usr/bin/python3';
const SCRIPT = join(import.meta.dirname, 'import_onnx_check.py');
const available = spawnSync(PYTHON, ['-c', 'import torch, onnx, numpy'], { encoding: 'utf8' }).status === 0;

describe('import_onnx.py', () => {
  it('round-trips export_onnx.py exactly and refuses a mismatched folder (import_onnx_check.py)', (ctx) => {
    ctx.skip(!available, '/usr/bin/python3 lacks torch, onnx or numpy (apt: python3-torch python3-onnx python3-numpy)');
    // Seconds on the 2 cores; the limit only catches a hang.
    const result = spawnSync(PYTHON, [SCRIPT], { encoding: 'utf8', timeout: 600_000 });
    expect(result.stderr).toMatch(/\nOK( \(skipped=\d+\))?\s*$/);
    expect(result.status).toBe(0);
  }, 620_000);
});
