import { describe, expect, it } from 'vitest';
import { evaluationKey, normaliseCode } from '../../src/sandbox/code-key.ts';
import type { EvalRequest } from '../../src/sandbox/types.ts';

const request = (code: string, extra: Partial<EvalRequest> = {}): EvalRequest => ({ problem: 'tsp50', split: 'train', code, seed: 1, ...extra });

describe('normaliseCode and evaluationKey', async () => {
  it('ignores comments and layout', async () => {
    const a = 'function f(a, b) {\n  // pick the first\n  return a[0]; /* done */\n}\n';
    const b = 'function f(a,b){return a[0]}';
    expect(await normaliseCode(a)).toBe(await normaliseCode(b));
    expect(await evaluationKey(request(a), 20_000, 256)).toBe(await evaluationKey(request(b), 20_000, 256));
  });

  it('keeps comment markers and spacing inside strings, templates and regex literals', async () => {
    const url = (s: string) => `function f() { return "${s}"; }`;
    expect(await normaliseCode(url('http://a//b'))).not.toBe(await normaliseCode(url('http://a//c')));
    expect(await normaliseCode('function f() { return `a  b`; }')).not.toBe(await normaliseCode('function f() { return `a b`; }'));
    expect(await normaliseCode('function f(s) { return /a\\/\\/b/.test(s); }')).not.toBe(await normaliseCode('function f(s) { return /a\\/\\/c/.test(s); }'));
  });

  it('keeps code that does not parse (trimmed)', async () => {
    expect(await normaliseCode('  function f( {  ')).toBe('function f( {');
  });

  it('differs for every field that changes an outcome', async () => {
    const base = await evaluationKey(request('function f(){}'), 20_000, 256);
    expect(await evaluationKey(request('function f(){}', { seed: 2 }), 20_000, 256)).not.toBe(base);
    expect(await evaluationKey(request('function f(){}', { split: 'test20' }), 20_000, 256)).not.toBe(base);
    expect(await evaluationKey(request('function f(){}', { problem: 'kp100' }), 20_000, 256)).not.toBe(base);
    expect(await evaluationKey(request('function f(){}', { dataDir: '/data' }), 20_000, 256)).not.toBe(base);
    expect(await evaluationKey(request('function f(){}'), 10_000, 256)).not.toBe(base);
    expect(await evaluationKey(request('function f(){}'), 20_000, 128)).not.toBe(base);
  });
});
