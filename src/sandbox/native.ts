import { performance } from 'node:perf_hooks';
import type { Instance, Problem, ScoreContext } from '../problems/types.ts';
import { createRng } from '../ground/rng.ts';
import { AhdError, ErrorCode, isProblemFault } from '../errors.ts';
import { aggregate, describeThrown, invalidResult, scoreInstance, type InstanceResult } from './aggregate.ts';
import { createClock } from './clock.ts';
import type { Outcome } from './types.ts';

/**
 * Evaluates TRUSTED code (classical baselines, golden tests, the sandbox-vs-native benchmark) in the host
 * process: no isolation, no time limit. Runs exactly what the isolate runs (the problem's harness, then the
 * candidate, with Math.random seeded per instance and the deterministic clock) and aggregates through aggregate.ts, so
 * results match the sandbox's. Never call this with model-written code.
 */
export interface NativeOptions {
  readonly seed: number;
  /** Evaluate only the first `instances` instances of the split. */
  readonly instances?: number;
  readonly dataDir?: string;
}

type Solve = (candidate: unknown, input: unknown, ctx: ScoreContext) => unknown;

export function evaluateNative(problem: Problem, split: string, code: string, options: NativeOptions): Outcome {
  const all = loadCached(problem, split, options.dataDir); // throws a usage error for an unknown split
  const spec = problem.splits.find((s) => s.name === split)!;
  const instances = options.instances === undefined ? all : all.slice(0, options.instances);
  const mode = spec.mode;
  const policy = problem.invalidPolicy(mode);
  const start = performance.now();
  const elapsed = () => performance.now() - start;

  let solve: Solve;
  let candidate: unknown;
  let startInstance: (index: number) => void;
  try {
    ({ solve, candidate, startInstance } = compile(problem, code, options.seed));
  } catch (error) {
    return { status: 'invalid', stage: 'load', reason: `code does not load: ${describeThrown(error)}`, ms: elapsed() };
  }
  if (typeof candidate !== 'function') {
    return { status: 'invalid', stage: 'load', reason: `no function named ${problem.fnName}`, ms: elapsed() };
  }

  const results: InstanceResult[] = [];
  for (let index = 0; index < instances.length; index++) {
    const instance = instances[index];
    const ctx: ScoreContext = { mode, split, index, size: spec.size };
    let result: InstanceResult;
    try {
      startInstance(index);
      const raw = toRaw(solve(candidate, instance.input, ctx));
      result = scoreInstance(problem, raw, instance, ctx);
    } catch (error) {
      if (isProblemFault(error)) throw error; // the scorer's bug, not the candidate's
      result = invalidResult(error);
    }
    results.push(result);
    if (!result.ok && policy === 'candidate') break;
  }
  return aggregate(results, instances.length, policy, elapsed());
}

/**
 * The harness and the candidate each get their own function scope (the isolate keeps them apart the same way:
 * the harness exposes only `solve`), so candidate names never collide with harness names. The candidate's
 * `Math` is the real one with a seeded `random`; its `Date`, `performance` and `Intl.DateTimeFormat` read a fresh
 * deterministic clock (shadow parameters: the host's globals are untouched); WeakRef, FinalizationRegistry and
 * Atomics.waitAsync are absent, as in the isolate.
 */
function compile(problem: Problem, code: string, seed: number): { solve: Solve; candidate: unknown; startInstance: (index: number) => void } {
  const solve = new Function(`${problem.harnessSource}\n;\nreturn solve;`)() as Solve;
  // As in the isolate's prelude: one random stream per instance ("seed:index"), and the clock back at the epoch.
  let rng = createRng('');
  const seededMath = Object.create(Math, { random: { value: () => rng.next() } });
  const clock = createClock();
  const clockIntl = Object.create(Intl, { DateTimeFormat: { value: clock.DateTimeFormat } });
  const fn = problem.fnName;
  const body = `${code}\n;\nreturn typeof ${fn} === 'function' ? ${fn} : undefined;`;
  const atomics = Object.create(Atomics, { waitAsync: { value: undefined } });
  const candidate: unknown = new Function('Math', 'Date', 'performance', 'Intl', 'Atomics', 'WeakRef', 'FinalizationRegistry', body)(
    seededMath,
    clock.Date,
    clock.performance,
    clockIntl,
    atomics,
    undefined,
    undefined,
  );
  const startInstance = (index: number) => {
    rng = createRng(`${seed}:${index}`);
    clock.restart();
  };
  return { solve, candidate, startInstance };
}

/**
 * The harness's flat array (or typed array) of numbers as a Float64Array, with the bridge's rules (bridge.js):
 * numbers are kept as they are (NaN and +-Infinity included: scorers tell them apart), anything else is NaN.
 * A plain loop: Float64Array.from with a mapping function costs ~25 ms on a 250K-entry ACO matrix.
 */
function toRaw(output: unknown): Float64Array {
  if (output instanceof Float64Array) return output;
  if (!Array.isArray(output) && !isTypedArray(output)) throw new Error(`harness returned ${typeof output}, not an array`);
  const list = output as ArrayLike<unknown>;
  const raw = new Float64Array(list.length);
  for (let i = 0; i < raw.length; i++) {
    const value = list[i];
    raw[i] = typeof value === 'number' ? value : Number.NaN;
  }
  return raw;
}

const isTypedArray = (value: unknown): boolean => ArrayBuffer.isView(value) && !(value instanceof DataView);

const cache = new Map<string, Instance[]>();
/** A split's instances, loaded once per thread (the sandbox workers share this cache). */
export function loadCached(problem: Problem, split: string, dataDir?: string): Instance[] {
  const key = `${problem.id}\u0000${split}\u0000${dataDir ?? ''}`;
  let instances = cache.get(key);
  if (!instances) {
    instances = problem.loadSplit(split, dataDir);
    if (instances.length === 0) throw new AhdError(ErrorCode.Data, `${problem.id}/${split}: split has no instances`);
    cache.set(key, instances);
  }
  return instances;
}
