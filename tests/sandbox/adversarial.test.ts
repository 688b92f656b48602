import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import type { InvalidStage, Outcome, OutcomeStatus } from '../../src/sandbox/types.ts';

/**
 * Hostile candidates for tsp50 (selectNextNode), each with the typed outcome it must end in. One worker thread
 * runs them in order, so the candidates after a poisoner run in the same thread; a normal candidate evaluated
 * after the corpus must still give the nearest-neighbour value. Short limits keep the corpus fast.
 */
const NN = 'return unvisitedNodes[0];';
const fn = (body: string, prelude = '') => `${prelude}\nfunction selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {\n${body}\n}`;
const PWNED = '/tmp/ahd-sandbox-escape-check';

interface Case {
  readonly name: string;
  readonly code: string;
  readonly status: OutcomeStatus;
  /** For 'invalid': the reason must match. For 'ok': the objective must equal nearest neighbour's. */
  readonly reason?: RegExp;
  /** For 'invalid': where it failed, when not told by the reason ('load' for "code does not load"/"no function"). */
  readonly stage?: InvalidStage;
  /** Memory bombs get longer: near the limit the isolate's GC thrashes before it gives up. */
  readonly timeoutMs?: number;
}
const BOMB_MS = 8000;

const CASES: readonly Case[] = [
  // infinite loops
  { name: 'while(true) in the heuristic', code: fn('while (true) {}'), status: 'timeout' },
  { name: 'for(;;) while loading', code: fn(NN, 'for (;;) {}'), status: 'timeout' },
  { name: 'recursion loop that catches stack overflows', code: fn('function f() { try { f(); } catch { f(); } } f();'), status: 'timeout' },
  { name: 'async loop', code: fn(NN, '(async () => { while (true) await null; })();'), status: 'timeout' },
  { name: 'microtask loop', code: fn(NN, 'Promise.resolve().then(function f() { Promise.resolve().then(f); });'), status: 'timeout' },
  { name: 'promise chain that grows', code: fn(NN, 'Promise.resolve().then(function f() { return Promise.resolve().then(f); });'), status: 'oom', timeoutMs: BOMB_MS },
  { name: 'busy wait on Date.now', code: fn('const t = Date.now(); while (Date.now() - t < 1e9) {}'), status: 'timeout' },
  { name: 'Atomics.wait forever', code: fn('Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);'), status: 'timeout' },
  // memory bombs
  { name: 'array growth', code: fn('const a = []; while (true) a.push(new Array(1000).fill(1.5));'), status: 'oom', timeoutMs: BOMB_MS },
  { name: 'object graph', code: fn('let head = null; while (true) head = { next: head, payload: [head, {}, []] };'), status: 'oom', timeoutMs: BOMB_MS },
  { name: 'Map growth', code: fn('const m = new Map(); for (let i = 0; ; i++) m.set(i, { i });'), status: 'oom', timeoutMs: BOMB_MS },
  { name: 'string doubling', code: fn('let s = "x"; while (true) s += s;'), status: 'invalid', reason: /RangeError: Invalid string length/ },
  { name: 'huge flat string', code: fn('const parts = []; while (true) parts.push("y".repeat(1 << 20) + parts.length);'), status: 'oom', timeoutMs: BOMB_MS },
  { name: 'huge typed array', code: fn('new Float64Array(1e9);'), status: 'invalid', reason: /RangeError: Array buffer allocation failed/ },
  { name: 'many typed arrays', code: fn('const keep = []; while (true) keep.push(new Float64Array(1 << 20));'), status: 'invalid', reason: /RangeError/ },
  // deep recursion
  { name: 'stack overflow', code: fn('function down(n) { return down(n + 1) + 1; } return down(0);'), status: 'invalid', reason: /Maximum call stack size exceeded/ },
  // escape attempts
  { name: 'process', code: fn('process.exit(1);'), status: 'invalid', reason: /ReferenceError: process is not defined/ },
  { name: 'require', code: fn('require("fs").writeFileSync("/tmp/x", "1");'), status: 'invalid', reason: /ReferenceError: require is not defined/ },
  {
    name: 'this.constructor.constructor("return process")()',
    code: fn(`const p = this.constructor.constructor('return process')(); p.mainModule.require('fs').writeFileSync('${PWNED}', '1');`),
    status: 'invalid',
    reason: /process is not defined/,
  },
  { name: 'globalThis.constructor tricks', code: fn('return globalThis.constructor.constructor("return this")().process.pid;'), status: 'invalid', reason: /TypeError/ },
  { name: 'dynamic import()', code: fn('import("node:fs"); ' + NN), status: 'invalid', reason: /import\(\) is not available/ },
  { name: 'dynamic import() while loading', code: fn(NN, 'import("node:fs");'), status: 'invalid', reason: /import\(\) is not available/, stage: 'load' },
  { name: 'Function constructor', code: fn('return Function("return setTimeout")()(() => 0);'), status: 'invalid', reason: /setTimeout is not defined/ },
  { name: 'eval', code: fn('return eval("require")("fs");'), status: 'invalid', reason: /require is not defined/ },
  {
    name: 'no host objects or ivm internals are reachable',
    code: fn(
      'const names = ["process", "require", "module", "setTimeout", "setImmediate", "fetch", "ivm", "_ivm", "WebAssembly", "Buffer"];' +
        'for (const n of names) if (typeof globalThis[n] !== "undefined") return -1;' +
        NN,
    ),
    status: 'ok',
  },
  { name: 'caller chain into the harness', code: fn('const h = selectNextNode.caller; return typeof h === "function" ? unvisitedNodes[0] : -1;'), status: 'ok' },
  { name: 'replacing the harness solve', code: fn(NN, 'globalThis.solve = () => { throw new Error("hijacked"); };'), status: 'ok' },
  // hostile return values
  { name: 'NaN', code: fn('return NaN;'), status: 'invalid', reason: /next node NaN is not a node id/ },
  { name: 'Infinity', code: fn('return Infinity;'), status: 'invalid', reason: /Infinity is not a node id/ },
  { name: 'object with a throwing getter', code: fn('return { get valueOf() { throw new Error("getter"); } };'), status: 'invalid', reason: /not a node id|getter/ },
  { name: 'Proxy', code: fn('return new Proxy({}, { get() { throw new Error("proxy trap"); } });'), status: 'invalid', reason: /proxy trap|not a node id/ },
  { name: 'huge array', code: fn('return new Array(1e6).fill(1);'), status: 'invalid', reason: /InvalidSolution: step 1: next node 1,1,1,1,1.*\.\.\.$/ },
  { name: 'toString that loops', code: fn('return { toString() { for (;;) {} } };'), status: 'timeout' },
  { name: 'valueOf side effect', code: fn('return { valueOf() { globalThis.hit = 1; return 1; } };'), status: 'invalid', reason: /not a node id/ },
  { name: 'string', code: fn('return String(unvisitedNodes[0]);'), status: 'invalid', reason: /not a node id/ },
  { name: 'a Promise', code: fn('return Promise.resolve(unvisitedNodes[0]);'), status: 'invalid', reason: /object Promise|not a node id/ },
  { name: 'async function', code: 'async function selectNextNode(c, d, u) { return u[0]; }', status: 'invalid', reason: /not a node id/ },
  { name: 'generator function', code: 'function* selectNextNode(c, d, u) { yield u[0]; }', status: 'invalid', reason: /not a node id/ },
  // throwing non-Error values
  { name: 'throw a number', code: fn('throw 42;'), status: 'invalid', reason: /threw 42/ },
  { name: 'throw null', code: fn('throw null;'), status: 'invalid', reason: /threw null/ },
  { name: 'throw an object whose toString throws', code: fn('throw { toString() { throw new Error("no"); } };'), status: 'invalid', reason: /unprintable/ },
  { name: 'throw an object whose toString recurses', code: fn('throw { toString() { return this.toString(); } };'), status: 'invalid', reason: /unprintable/ },
  { name: 'forged timeout message', code: fn('throw new Error("Script execution timed out.");'), status: 'invalid', reason: /Script execution timed out/ },
  { name: 'forged memory-limit message', code: fn('throw new Error("Isolate was disposed during execution due to memory limit");'), status: 'invalid', reason: /memory limit/ },
  // broken code
  { name: 'syntax error', code: 'function selectNextNode(a, b, c, d) { return c[0]; ', status: 'invalid', reason: /code does not load: SyntaxError/ },
  { name: 'closing the wrapper scope early', code: '}); (function () {', status: 'invalid', reason: /code does not load: SyntaxError/ },
  { name: 'wrong function name', code: 'function selectNext(a, b, c, d) { return c[0]; }', status: 'invalid', reason: /no function named selectNextNode/ },
  { name: 'missing function (empty code)', code: '', status: 'invalid', reason: /no function named selectNextNode/ },
  { name: 'not a function', code: 'var selectNextNode = 3;', status: 'invalid', reason: /no function named selectNextNode/ },
  { name: 'throw while loading', code: fn(NN, 'throw new TypeError("at load");'), status: 'invalid', reason: /code does not load: TypeError: at load/ },
  // poisoning builtins, last: the probe candidates right after the corpus check that none reached them (each
  // candidate that ran to an answer hands its context on when the guard finds nothing changed, src/sandbox/guard.js)
  { name: 'poison Array.prototype.push', code: fn(NN, 'Array.prototype.push = function () { throw new Error("poisoned push"); };'), status: 'ok' },
  { name: 'poison Math.random', code: fn(NN, 'Math.random = () => 0;'), status: 'ok' },
  { name: 'Object.prototype pollution', code: fn(NN, 'Object.prototype.polluted = true; Object.defineProperty(Object.prototype, "x2", { get() { throw new Error("trap"); } });'), status: 'ok' },
  { name: 'poison Float64Array and JSON', code: fn(NN, 'globalThis.Float64Array = function () { return [1, 2, 3]; }; JSON.parse = () => ({});'), status: 'ok' },
  { name: 'poison the array iterator prototype', code: fn(NN, 'Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true });'), status: 'ok' },
  { name: 'an implicit global left behind', code: fn('planted = unvisitedNodes[0]; return planted;'), status: 'ok' },
];

describe('adversarial candidates', () => {
  const problem = getProblem('tsp50');
  const nearest = evaluateNative(problem, 'train', fn(NN), { seed: 1 });
  let pool: SandboxPool;
  beforeAll(() => {
    pool = new SandboxPool({ threads: 1, memoryLimitMb: 48 });
  });
  afterAll(() => pool.close());

  it('the corpus has at least 25 cases with distinct names', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)('$name -> $status', async ({ code, status, reason, stage, timeoutMs }) => {
    const outcome = await pool.evaluate({ problem: 'tsp50', split: 'train', code, seed: 1, timeoutMs: timeoutMs ?? 1500 });
    expect(outcome.status, JSON.stringify(outcome)).toBe(status);
    if (outcome.status === 'invalid' && reason) expect(outcome.reason).toMatch(reason);
    if (outcome.status === 'invalid') expect(outcome.stage).toBe(stage ?? (/code does not load|no function named/.test(outcome.reason) ? 'load' : 'run'));
    if (outcome.status === 'ok') expect(outcome.objective).toBe(nearest.status === 'ok' && nearest.objective);
  });

  it('nothing escaped to the host file system', () => {
    expect(existsSync(PWNED)).toBe(false);
  });

  it('after the corpus, builtins are clean, Math.random is seeded, and the normal candidate gives the same value', async () => {
    const probe = fn(
      'if ([].push !== Array.prototype.push || [1].push(2) !== 2) throw new Error("push poisoned");' +
        'if (({}).polluted !== undefined || "x2" in {}) throw new Error("Object.prototype polluted");' +
        'if (typeof Float64Array.BYTES_PER_ELEMENT !== "number") throw new Error("Float64Array replaced");' +
        'let iterated = 0; for (const _ of [1, 2]) iterated++; if (iterated !== 2) throw new Error("iterator poisoned");' +
        'if (typeof planted !== "undefined") throw new Error("a global survived");' +
        'return unvisitedNodes[Math.floor(Math.random() * Math.min(3, unvisitedNodes.length))];',
    );
    const seeded = await pool.evaluate({ problem: 'tsp50', split: 'train', code: probe, seed: 99, timeoutMs: 5000 });
    const native = evaluateNative(problem, 'train', probe, { seed: 99 });
    expect(seeded.status).toBe('ok');
    expect(seeded).toMatchObject({ status: 'ok', objective: (native as Extract<Outcome, { status: 'ok' }>).objective });
    const normal = await pool.evaluate({ problem: 'tsp50', split: 'train', code: fn(NN), seed: 2, timeoutMs: 5000 });
    expect(normal).toMatchObject({ status: 'ok', objective: 7.00437, valid: 64, count: 64 });
  });
});
