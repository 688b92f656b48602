import { describe, expect, it } from 'vitest';
import { evaluationKey } from '../../src/sandbox/code-key.ts';
import type { EvalRequest } from '../../src/sandbox/types.ts';

const request = (code: string, extra: Partial<EvalRequest> = {}): EvalRequest => ({ problem: 'tsp50', split: 'train', code, seed: 1, ...extra });

describe('evaluationKey', () => {
  it('keys the code as written, only trimmed', () => {
    const code = 'function f(a, b) {\n  return a[0];\n}';
    expect(evaluationKey(request(`\n  ${code}\n\n`), 20_000, 256)).toBe(evaluationKey(request(code), 20_000, 256));
    expect(evaluationKey(request('function f(a,b){return a[0]}'), 20_000, 256)).not.toBe(evaluationKey(request(code), 20_000, 256));
    expect(evaluationKey(request(`// first\n${code}`), 20_000, 256)).not.toBe(evaluationKey(request(code), 20_000, 256));
  });

  it('differs for every field that changes an outcome', () => {
    const base = evaluationKey(request('function f(){}'), 20_000, 256);
    expect(evaluationKey(request('function f(){}', { seed: 2 }), 20_000, 256)).not.toBe(base);
    expect(evaluationKey(request('function f(){}', { split: 'test20' }), 20_000, 256)).not.toBe(base);
    expect(evaluationKey(request('function f(){}', { problem: 'kp100' }), 20_000, 256)).not.toBe(base);
    expect(evaluationKey(request('function f(){}', { dataDir: '/data' }), 20_000, 256)).not.toBe(base);
    expect(evaluationKey(request('function f(){}'), 10_000, 256)).not.toBe(base);
    expect(evaluationKey(request('function f(){}'), 20_000, 128)).not.toBe(base);
  });
});
