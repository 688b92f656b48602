import { describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { InvalidSolution, type Instance, type Problem } from '../../src/problems/types.ts';
import { aggregate, describeThrown, roundTo5, scoreInstance, type InstanceResult } from '../../src/sandbox/aggregate.ts';

const ok = (value: number): InstanceResult => ({ ok: true, value });
const bad = (reason: string): InstanceResult => ({ ok: false, reason });

describe('aggregate', () => {
  it('averages valid instances and rounds to 5 decimals', () => {
    expect(aggregate([ok(1), ok(2.123456789)], 2, 'candidate', 7)).toEqual({
      status: 'ok',
      objective: 1.56173,
      values: [1, 2.123456789],
      valid: 2,
      count: 2,
      ms: 7,
    });
  });

  it("policy 'candidate': one invalid instance makes the outcome invalid, naming it", () => {
    expect(aggregate([ok(1), bad('route repeats node 3')], 5, 'candidate', 1)).toEqual({
      status: 'invalid',
      stage: 'run',
      reason: 'instance 1: route repeats node 3',
      ms: 1,
    });
  });

  it("policy 'drop': invalid instances are null in values, counted, and left out of the mean", () => {
    const outcome = aggregate([ok(1), bad('x'), ok(3)], 3, 'drop', 1);
    expect(outcome).toMatchObject({ status: 'ok', objective: 2, values: [1, null, 3], valid: 2, count: 3 });
  });

  it("policy 'drop': all invalid is invalid", () => {
    const outcome = aggregate([bad('a'), bad('b')], 2, 'drop', 1);
    expect(outcome).toEqual({ status: 'invalid', stage: 'run', reason: 'all 2 instances invalid (instance 0: a)', ms: 1 });
  });

  it('non-finite values are invalid', () => {
    expect(aggregate([ok(Number.NaN)], 1, 'candidate', 0).status).toBe('invalid');
    expect(aggregate([ok(1), ok(Infinity)], 2, 'drop', 0)).toMatchObject({ status: 'ok', objective: 1, valid: 1 });
  });

  it('a result list shorter than the split (no invalid early stop) is an error', () => {
    expect(aggregate([ok(1)], 3, 'drop', 0).status).toBe('error');
  });
});

describe('roundTo5 matches Python round(x, 5)', () => {
  it.each([
    [7.0043697989867315, 7.00437],
    [-40.145954, -40.14595],
    [4.479725103936943, 4.47973],
    [0.015625, 0.01562], // exact tie (1/64): to even
    [0.046875, 0.04688], // exact tie (3/64): to even
    [-0.015625, -0.01562],
    [1842, 1842],
  ])('%f -> %f', (x, expected) => {
    expect(roundTo5(x)).toBe(expected);
  });
});

describe('scoreInstance', () => {
  const problem = { score: (raw: Float64Array) => {
    if (raw[0] < 0) throw new InvalidSolution('negative');
    return raw[0];
  } } as unknown as Problem;
  const instance: Instance = { input: null, data: null };
  const ctx = { mode: 'search' as const, split: 'train', index: 0, size: 1 };
  it('keeps finite values, turns throws and non-finite values into reasons', () => {
    expect(scoreInstance(problem, Float64Array.of(2), instance, ctx)).toEqual({ ok: true, value: 2 });
    expect(scoreInstance(problem, Float64Array.of(-1), instance, ctx)).toEqual({ ok: false, reason: 'InvalidSolution: negative' });
    expect(scoreInstance(problem, Float64Array.of(NaN), instance, ctx)).toEqual({ ok: false, reason: 'non-finite objective NaN' });
  });
  it("anything else the scorer throws is the problem's fault, with its stack", () => {
    const buggy = { id: 'mine', score: () => (null as unknown as { x: number }).x } as unknown as Problem;
    let thrown: unknown;
    try {
      scoreInstance(buggy, Float64Array.of(1), instance, ctx);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AhdError);
    expect(thrown).toMatchObject({ code: 'problem', context: { problem: 'mine' } });
    expect((thrown as AhdError).message).toMatch(/^problem mine: its score\(\) threw TypeError: .* \(at .*aggregate\.test\.ts:\d+:\d+\)\): a bug in the problem module/);
    expect((thrown as AhdError).context.stack).toMatch(/^TypeError: [^\n]*\n\s+at /);
  });
  it('describes hostile thrown values in one bounded line', () => {
    const hostile = { toString() { throw new Error('no'); } };
    expect(describeThrown(hostile)).toBe('threw an unprintable value');
    expect(describeThrown(new Error('a\nb'))).toBe('Error: a b');
    expect(describeThrown('x'.repeat(1000)).length).toBeLessThanOrEqual(300);
  });
});
