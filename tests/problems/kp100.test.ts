import { describe, expect, it } from 'vitest';
import { kp100 } from '../../src/problems/kp100/index.ts';
import { InvalidSolution } from '../../src/problems/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

const GREEDY = kp100.baselines['ratio-greedy'];
const rule = (body: string) => `function selectNextItem(remainingCapacity, weights, values) { ${body} }`;
/** Picks the first item that fits. */
const FIRST_FIT = 'for (let i = 0; i < weights.length; i++) if (weights[i] <= remainingCapacity) return i;';

function okOutcome(outcome: Outcome) {
  if (outcome.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('kp100 golden values (reference evaluator, value/weight greedy)', () => {
  it('train: -40.14595', () => {
    const outcome = okOutcome(evaluateNative(kp100, 'train', GREEDY, { seed: 0 }));
    expect(outcome.objective).toBe(-40.14595);
    expect(outcome.valid).toBe(64);
  });
  it.each([
    ['test100', 40.2246],
    ['test200', 57.3953],
  ])('%s: %f', (split, value) => {
    const outcome = okOutcome(evaluateNative(kp100, split, GREEDY, { seed: 0 }));
    expect(outcome.valid).toBe(1000);
    expect(-outcome.objective).toBeCloseTo(value, 4);
  });
});

describe('kp100 search mode: an unusable pick invalidates the candidate', () => {
  it.each([
    ['an index out of range', 'return weights.length;', /not in 0\.\./],
    ['a negative index', 'return -1;', /not in 0\.\./],
    ['null', 'return null;', /null is not in/],
    ['an item that does not fit', 'return 0;', /does not fit/],
    ['a throw', 'throw new Error("kaput");', /kaput/],
  ])('%s', (_name, body, reason) => {
    const outcome = evaluateNative(kp100, 'train', rule(body), { seed: 0 });
    expect(outcome.status).toBe('invalid');
    expect(outcome.status === 'invalid' && outcome.reason).toMatch(reason);
  });

  it('the seed (always item 0) is invalid on train, as in the reference', () => {
    expect(evaluateNative(kp100, 'train', kp100.seedCode, { seed: 0 }).status).toBe('invalid');
  });

  it('a one-element array is accepted as the index', () => {
    const wrapped = rule(`${FIRST_FIT.replace('return i;', 'return [i];')}`);
    const plain = okOutcome(evaluateNative(kp100, 'train', rule(FIRST_FIT), { seed: 0 }));
    expect(okOutcome(evaluateNative(kp100, 'train', wrapped, { seed: 0 })).objective).toBe(plain.objective);
  });
});

describe('kp100 test mode: null or an unfit pick stops, out of range or a throw drops the instance', () => {
  const first = okOutcome(evaluateNative(kp100, 'test100', rule(FIRST_FIT), { seed: 0, instances: 50 }));

  it('an unfit pick ends the construction (valid, less value)', () => {
    const outcome = okOutcome(evaluateNative(kp100, 'test100', rule('return 0;'), { seed: 0, instances: 50 }));
    expect(outcome.valid).toBe(50);
    expect(outcome.objective).toBeGreaterThan(first.objective); // less value taken (minimised sign)
  });

  it('null ends the construction (valid)', () => {
    // Takes the first remaining item five times (the arrays shrink by one per pick), then answers null.
    const code = rule(`return weights.length <= 95 ? null : 0;`);
    const outcome = okOutcome(evaluateNative(kp100, 'test100', code, { seed: 0, instances: 50 }));
    expect(outcome.valid).toBe(50);
    const [instance] = kp100.loadSplit('test100');
    expect(outcome.values[0]).toBe(kp100.score(Float64Array.from([0, 1, 2, 3, 4]), instance, ctx()));
  });

  it.each([
    ['an index out of range', 'return weights.length;'],
    ['a throw', 'throw new Error("x");'],
  ])('%s makes just that instance invalid', (_name, body) => {
    // Invalid only on instances whose first item is heavy.
    const code = rule(`if (weights.length === 100 && weights[0] > 0.5) { ${body} } ${FIRST_FIT}`);
    const outcome = okOutcome(evaluateNative(kp100, 'test100', code, { seed: 0, instances: 50 }));
    expect(outcome.valid).toBeGreaterThan(0);
    expect(outcome.valid).toBeLessThan(50);
    outcome.values.forEach((v, i) => {
      if (v !== null) expect(v).toBe(first.values[i]);
    });
  });
});

const ctx = () => ({ mode: 'test' as const, split: 'test100', index: 0, size: 100 });

describe('kp100 trusted score', () => {
  const [instance] = kp100.loadSplit('test100');
  it('returns minus the total value of the picked items', () => {
    const { values } = instance.data as { values: Float64Array };
    expect(kp100.score(Float64Array.from([3, 1]), instance, ctx())).toBe(-(values[3] + values[1]));
    expect(kp100.score(new Float64Array(0), instance, ctx())).toBe(-0);
  });
  it.each([
    ['a repeated item', [1, 1]],
    ['an id out of range', [100]],
    ['a fraction', [0.5]],
    ['more weight than the capacity', Array.from({ length: 100 }, (_, i) => i)],
  ])('rejects %s', (_name, ids) => {
    expect(() => kp100.score(Float64Array.from(ids), instance, ctx())).toThrow(InvalidSolution);
  });
});
