import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsp50 } from '../../src/problems/tsp50/index.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

const tsp = (body: string) => `function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {\n${body}\n}`;
/** Every choice depends on the time read through each of the clock's paths: real time would change the tours. */
const TIMED = tsp(`
  const t = Date.now() + new Date().getTime() + Math.floor(performance.now() * 1000) + Date().length;
  const seconds = Number(new Intl.DateTimeFormat('en', { second: 'numeric', timeZone: 'UTC' }).format());
  return unvisitedNodes[(t + seconds) % Math.min(3, unvisitedNodes.length)];`);
/** Checks what the clock promises; throws (an invalid outcome naming the check) when a promise is broken. */
const CHECKS = tsp(`
  const check = (ok, what) => { if (!ok) throw new Error(what); };
  const a = Date.now();
  const b = new Date();
  check(b.getTime() > a, 'the clock advances');
  check(b instanceof Date && b.constructor === Date, 'dates are Dates');
  check(new Date(0).toISOString() === '1970-01-01T00:00:00.000Z', 'given dates are kept');
  check(new Date(2020, 1, 3).getMonth() === 1 && Date.UTC(2020, 0, 1) === 1577836800000, 'constructor and UTC');
  check(Date.parse('2020-01-01T00:00:00Z') === 1577836800000, 'parse');
  check(typeof Date() === 'string' && Date.length === 7, 'Date() is a string');
  check(a > Date.UTC(2023, 0, 1) && a < Date.UTC(2025, 0, 1), 'fixed epoch');
  check(performance.now() > 0, 'performance.now');
  check(Intl.DateTimeFormat('en').formatToParts().length > 0, 'Intl without new');
  return unvisitedNodes[0];`);

describe('deterministic clock', () => {
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ threads: 1, memoryLimitMb: 64 });
  });
  afterAll(() => pool.close());

  const sandboxed = (code: string): Promise<Outcome> =>
    pool.evaluate({ problem: 'tsp50', split: 'train', code, seed: 4 }).then(({ ms: _ms, ...rest }) => rest as Outcome);
  const native = (code: string): Outcome => {
    const { ms: _ms, ...rest } = evaluateNative(tsp50, 'train', code, { seed: 4 });
    return rest as Outcome;
  };

  it('a heuristic that reads the time gives the same outcome every time, sandboxed and native', async () => {
    const first = await sandboxed(TIMED);
    expect(first.status, JSON.stringify(first)).toBe('ok');
    // A code variant evaluates again instead of hitting the pool's cache.
    expect(await sandboxed(`${TIMED}\n// again`)).toEqual(first);
    expect(native(TIMED)).toEqual(first);
    expect(native(TIMED)).toEqual(first);
  });

  it('Date, performance.now and Intl behave like their real counterparts apart from the time they read', async () => {
    expect(await sandboxed(CHECKS)).toMatchObject({ status: 'ok', objective: 7.00437 });
    expect(native(CHECKS), JSON.stringify(native(CHECKS))).toMatchObject({ status: 'ok', objective: 7.00437 });
  });

  it('leaves the host clock alone', () => {
    native(TIMED);
    expect(Math.abs(Date.now() - new Date().getTime())).toBeLessThan(1000);
    expect(Date.now()).toBeGreaterThan(Date.UTC(2025, 0, 1));
  });
});
