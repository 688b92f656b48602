import { describe, expect, it } from 'vitest';
import { tsp50 } from '../../src/problems/tsp50/index.ts';
import { loadCached, evaluateNative } from '../../src/sandbox/native.ts';
import { checkReturnedContexts, contextStats, evaluateInIsolate, prepareInstances } from '../../src/sandbox/isolate.ts';
import type { Outcome } from '../../src/sandbox/types.ts';

/**
 * One context serves candidate after candidate (the harness stays warm) only while the guard finds the builtins as
 * they were: these tests run candidates in sequence in this thread, as a sandbox worker does, and check that each
 * one's outcome is what it gets natively (that is, in a fresh world), and which candidates cost the context.
 */
const INSTANCES = 8;
const instances = prepareInstances(loadCached(tsp50, 'train').slice(0, INSTANCES));
const spec = tsp50.splits.find((s) => s.name === 'train')!;
const fn = (body: string, prelude = '') =>
  `${prelude}\nfunction selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {\n${body}\n}`;
const NN = fn('return unvisitedNodes[0];');
const SECOND = fn('return unvisitedNodes[unvisitedNodes.length > 1 ? 1 : 0];');

const sandboxed = (code: string, seed = 3, timeoutMs = 5000): Outcome =>
  evaluateInIsolate({ problem: tsp50, spec, instances, code, seed, timeoutMs, memoryLimitMb: 128 });
const native = (code: string, seed = 3): Outcome => evaluateNative(tsp50, 'train', code, { seed, instances: INSTANCES });
const objective = (outcome: Outcome) => (outcome.status === 'ok' ? outcome.objective : outcome.status);

/** Evaluates `code` and reports whether it cost the context (the next candidate gets a fresh one). */
function run(code: string): { outcome: Outcome; kept: boolean; verdict: string } {
  sandboxed(NN); // make sure a context is waiting
  const before = contextStats.created;
  const outcome = sandboxed(code);
  checkReturnedContexts(); // as the worker does once its reply is sent
  const verdict = contextStats.lastVerdict;
  sandboxed(NN);
  return { outcome, kept: contextStats.created === before, verdict };
}

describe('a sandbox context serving several candidates', () => {
  it('clean candidates share one context and get their native values, Math.random streams included', () => {
    const codes = [
      NN,
      SECOND,
      fn('return unvisitedNodes[Math.floor(Math.random() * unvisitedNodes.length)];'),
      fn('return unvisitedNodes[pick];', 'const pick = Math.random() < 0.5 ? 0 : 0; Math.random();'),
      fn('return unvisitedNodes[Date.now() % unvisitedNodes.length];', 'Date.now(); Date.now();'),
      NN,
    ];
    sandboxed(NN);
    const before = contextStats.created;
    for (const code of codes) expect(objective(sandboxed(code))).toBe(objective(native(code)));
    expect(contextStats.created).toBe(before);
  });

  it.each([
    ['an implicit global', fn('leak = unvisitedNodes[0]; return leak;'), fn('return typeof leak === "undefined" ? unvisitedNodes[0] : -1;')],
    ['a reassigned builtin global', fn('return unvisitedNodes[0];', 'Math = { floor: () => 1 }; Array = null;'), fn('return unvisitedNodes[Math.floor(0.5)];')],
    ['globalThis itself reassigned', fn('return unvisitedNodes[0];', 'globalThis = {};'), fn('return globalThis.Math === Math ? unvisitedNodes[0] : -1;')],
    ['a global var from indirect eval', fn('return unvisitedNodes[0];', '(0, eval)("var planted = 1");'), fn('return typeof planted === "undefined" ? unvisitedNodes[0] : -1;')],
    ['the RegExp legacy statics', fn('/(\\d+)/.exec("x42"); return unvisitedNodes[0];'), fn('return unvisitedNodes[RegExp.$1 === "" && RegExp.lastMatch === "" ? 0 : 1];')],
  ])('%s is put back and the context kept', (_name, poisoner, probe) => {
    const { outcome, kept, verdict } = run(poisoner);
    expect(outcome.status).toBe('ok');
    expect(verdict).toBe('');
    expect(kept).toBe(true);
    expect(objective(sandboxed(probe))).toBe(objective(native(NN)));
  });

  it.each([
    ['a prototype method added', 'Array.prototype.sum = function () { return 0; };', fn('return "sum" in [] ? -1 : unvisitedNodes[0];'), /added/],
    ['a builtin replaced', 'Math.sqrt = () => 0;', fn('return Math.sqrt(4) === 2 ? unvisitedNodes[0] : -1;'), /changed/],
    [
      'a hidden iterator prototype changed',
      'Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({ done: true });',
      fn('let first = -1; for (const node of unvisitedNodes) { first = node; break; } return first;'),
      /changed/,
    ],
    ['a frozen prototype', 'Object.freeze(Array.prototype);', fn('return Object.isFrozen(Array.prototype) ? -1 : unvisitedNodes[0];'), /non-extensible/],
    ['a prototype swapped', 'Object.setPrototypeOf(Array.prototype, null);', fn('return [].hasOwnProperty ? unvisitedNodes[0] : -1;'), /prototype replaced/],
    [
      'a global that cannot be deleted',
      'Object.defineProperty(globalThis, "stuck", { value: 1 });',
      fn('return typeof stuck === "undefined" ? unvisitedNodes[0] : -1;'),
      /cannot be deleted/,
    ],
    ['a stack-trace hook', 'Error.prepareStackTrace = () => "x";', fn('return Error.prepareStackTrace === undefined ? unvisitedNodes[0] : -1;'), /added/],
    // Getters where a careless guard would read descriptors or options: they must not run inside the guard.
    [
      'getters on Object.prototype named like descriptor fields',
      'for (const key of ["value", "get", "set", "writable", "configurable"]) Object.defineProperty(Object.prototype, key, { __proto__: null, get() { while (true) {} }, configurable: true });',
      fn('return "get" in {} ? -1 : unvisitedNodes[0];'),
      /added/,
    ],
  ])('%s costs the context, and the next candidate starts clean', (_name, prelude, probe, verdict) => {
    const result = run(fn('return unvisitedNodes[0];', prelude));
    expect(result.outcome.status).toBe('ok');
    expect(result.verdict).toMatch(verdict);
    expect(result.kept).toBe(false);
    expect(objective(sandboxed(probe))).toBe(objective(native(NN)));
  });

  it('the next candidate never gets an unchecked context, even when nothing ran the check in between', () => {
    expect(sandboxed(fn('return unvisitedNodes[0];', 'Math.sqrt = () => 0;')).status).toBe('ok');
    expect(objective(sandboxed(fn('return Math.sqrt(4) === 2 ? unvisitedNodes[0] : -1;')))).toBe(objective(native(NN)));
  });

  it('a candidate that runs out of time or is invalid leaves no trace on the next one', () => {
    expect(sandboxed(fn('while (true) {}'), 1, 200).status).toBe('timeout');
    expect(sandboxed('Array.prototype.x = 1; throw new Error("at load");').status).toBe('invalid');
    expect(objective(sandboxed(fn('return "x" in [] ? -1 : unvisitedNodes[0];')))).toBe(objective(native(NN)));
  });

  it('what could call candidate code after its evaluation is not there', () => {
    const probe = fn('return [typeof WeakRef, typeof FinalizationRegistry, typeof Atomics.waitAsync].every((t) => t === "undefined") ? unvisitedNodes[0] : -1;');
    expect(objective(sandboxed(probe))).toBe(objective(native(NN)));
    expect(objective(native(probe))).toBe(objective(native(NN))); // the native evaluator matches
  });
});
