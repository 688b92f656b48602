import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import ivm from 'isolated-vm';
import type { Instance, Problem, ScoreContext, SplitSpec } from '../../problems/types.ts';
import { aggregate, scoreInstance, type InstanceResult } from './aggregate.ts';
import { oneLine } from '../ground/one-line.ts';
import { CLOCK_SOURCE } from './clock.ts';
import type { Outcome } from './types.ts';

/**
 * Evaluates one candidate on one split inside a fresh isolated-vm isolate (a new isolate per evaluation, so a
 * candidate that poisons builtins or exhausts memory cannot affect the next one). Runs in a sandbox worker thread.
 *
 * Order inside the isolate: seeded Math.random and the deterministic clock (PRELUDE_SOURCE), the problem's
 * harness, the bridge (captures `solve` and the builtins it needs), then the candidate. Per instance the bridge
 * calls the harness and returns the raw output as a Float64Array (or a reason string); the trusted scorer runs
 * here, outside the isolate.
 *
 * The time limit covers candidate time only (loading and every harness call inside the isolate), not the trusted
 * scorer: an ACO solver's cost is not the candidate's fault.
 */
export interface IsolateJob {
  readonly problem: Problem;
  readonly spec: SplitSpec;
  readonly instances: readonly PreparedInstance[];
  readonly code: string;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly memoryLimitMb: number;
  /** Split index of instances[0] (shards of a split); default 0. */
  readonly firstIndex?: number;
}

/** An instance with its input serialised once per worker (copied into each isolate without re-serialising). */
export interface PreparedInstance {
  readonly instance: Instance;
  readonly input: ivm.ExternalCopy<unknown>;
}

export function prepareInstances(instances: readonly Instance[]): PreparedInstance[] {
  return instances.map((instance) => ({ instance, input: new ivm.ExternalCopy(instance.input) }));
}

/** Longest raw output the bridge copies out (a 2048 x 2048 matrix). */
const MAX_RAW_LENGTH = 2048 * 2048;
const MAX_MESSAGE_LENGTH = 1000;
/** Trusted setup (PRNG, harness, bridge) gets its own generous limit: a slow harness load is not a candidate's. */
const SETUP_TIMEOUT_MS = 10_000;

const BRIDGE_SOURCE = readFileSync(new URL('bridge.js', import.meta.url), 'utf8');
// The same Alea generator createRng (src/engine/rng.ts) uses, so isolate and native runs draw the same streams.
const ALEA_SOURCE = readFileSync(createRequire(import.meta.url).resolve('seedrandom/lib/alea.js'), 'utf8');

/**
 * Trusted prelude (the same text for every evaluation, so it compiles once per isolate): seeded Math.random and
 * the deterministic clock installed, WebAssembly removed (its memory is allocated outside the heap accounting).
 * Evaluates to `start(seed, index)`, which the bridge calls before every instance: each instance gets its own
 * random stream (alea of "seed:index", as the native evaluator draws) and a clock back at the epoch, so an
 * instance's value does not depend on the instances before it, and a split evaluated in shards gives the same
 * values. The real constructors would stay reachable through the real prototypes' `constructor`: repointed too.
 */
const PRELUDE_SOURCE = `(() => {
  const makeAlea = alea;
  delete globalThis.alea;
  delete globalThis.WebAssembly;
  const makeClock = ${CLOCK_SOURCE};
  const clock = makeClock(Date, Intl);
  Date.prototype.constructor = clock.Date;
  Intl.DateTimeFormat.prototype.constructor = clock.DateTimeFormat;
  globalThis.Date = clock.Date;
  Intl.DateTimeFormat = clock.DateTimeFormat;
  globalThis.performance = clock.performance;
  const restart = clock.restart;
  let draw = makeAlea('');
  Math.random = function random() { return draw(); };
  return (seed, index) => { draw = makeAlea(seed + ':' + index); restart(); };
})()`;

const TIMED_OUT = 'Script execution timed out.';
/** isolated-vm's answer to a dynamic import(): thrown past every try/catch in the isolate. */
const IMPORT_REFUSED = 'Not supported';
const OUT_OF_TIME = Symbol('out of time');

export function evaluateInIsolate(job: IsolateJob): Outcome {
  const run = runInIsolate(job);
  return 'status' in run ? run : aggregate(run.results, job.instances.length, job.problem.invalidPolicy(job.spec.mode), run.ms);
}

/**
 * Instances `firstIndex ...` of a split (a shard when firstIndex > 0 or the list is cut short): their results in
 * order, or the Outcome that ends the whole evaluation (code that does not load, time or memory limit, fault).
 */
export function runInIsolate(job: IsolateJob): { readonly results: InstanceResult[]; readonly ms: number } | Outcome {
  const start = performance.now();
  const elapsed = () => performance.now() - start;
  const isolate = workerIsolate(job.memoryLimitMb);
  let spent = 0; // candidate time so far
  // Runs a call into candidate code with the rest of the budget; the time it took counts against it.
  const timed = <T>(call: (timeout: number) => T): T | typeof OUT_OF_TIME => {
    const remaining = job.timeoutMs - spent;
    if (remaining < 1) return OUT_OF_TIME;
    const before = performance.now();
    try {
      return call(Math.ceil(remaining));
    } finally {
      spent += performance.now() - before;
    }
  };

  let context: ivm.Context | undefined;
  try {
    context = isolate.createContextSync();
    const [load, run] = setUp(isolate, context, job);
    const loaded = timed((timeout) => load.applySync(undefined, [job.code], { timeout }) as string);
    if (loaded === OUT_OF_TIME) return { status: 'timeout', ms: elapsed() };
    if (loaded !== '') return { status: 'invalid', reason: oneLine(loaded), ms: elapsed() };

    const policy = job.problem.invalidPolicy(job.spec.mode);
    const results: InstanceResult[] = [];
    const firstIndex = job.firstIndex ?? 0;
    for (let k = 0; k < job.instances.length; k++) {
      const { instance, input } = job.instances[k];
      const ctx: ScoreContext = { mode: job.spec.mode, split: job.spec.name, index: firstIndex + k, size: job.spec.size };
      const args = [input.copyInto(), new ivm.ExternalCopy(ctx).copyInto({ release: true })];
      const output = timed((timeout) => run.applySync(undefined, args, { timeout, result: { copy: true } }) as unknown);
      if (output === OUT_OF_TIME) return { status: 'timeout', ms: elapsed() };
      const result = toInstanceResult(job.problem, output, instance, ctx);
      results.push(result);
      if (!result.ok && policy === 'candidate') break;
    }
    return { results, ms: elapsed() };
  } catch (error) {
    return classifyFailure(error, isolate, elapsed());
  } finally {
    context?.release();
  }
}

let shared: ivm.Isolate | undefined;

/**
 * The worker's isolate, reused across evaluations while it stays healthy: every evaluation gets a fresh context
 * (its own global object and builtins, so nothing one candidate does to them reaches the next), while the compiled
 * trusted scripts (prelude, harness, bridge) are kept per isolate. An isolate that ran out of memory is disposed
 * by isolated-vm and replaced here; a change of the memory limit starts a new one.
 */
function workerIsolate(memoryLimitMb: number): ivm.Isolate {
  if (!shared || shared.isDisposed || sharedLimit !== memoryLimitMb) {
    if (shared && !shared.isDisposed) shared.dispose();
    shared = new ivm.Isolate({ memoryLimit: memoryLimitMb });
    sharedLimit = memoryLimitMb;
    scripts.clear();
  }
  return shared;
}
let sharedLimit = 0;
const scripts = new Map<string, ivm.Script>();

function compiled(isolate: ivm.Isolate, source: string, filename: string): ivm.Script {
  const key = `${filename}\u0000${source}`;
  let script = scripts.get(key);
  if (!script) {
    script = isolate.compileScriptSync(source, { filename });
    scripts.set(key, script);
  }
  return script;
}

/**
 * Seeds Math.random, installs the deterministic clock, removes what a heuristic never needs, loads the harness and
 * returns the bridge's functions.
 */
function setUp(isolate: ivm.Isolate, context: ivm.Context, job: IsolateJob): [ivm.Reference, ivm.Reference] {
  const runTrusted = (source: string, filename: string) =>
    compiled(isolate, source, filename).runSync(context, { timeout: SETUP_TIMEOUT_MS });
  const runForReference = (source: string, filename: string) =>
    compiled(isolate, source, filename).runSync(context, { timeout: SETUP_TIMEOUT_MS, reference: true }) as ivm.Reference;
  runTrusted(ALEA_SOURCE, 'alea.js');
  const start = runForReference(PRELUDE_SOURCE, 'prelude.js');
  runTrusted(job.problem.harnessSource, `${job.problem.id}/harness.js`);
  const make = runForReference(BRIDGE_SOURCE, 'bridge.js');
  // `solve` is read now, before any candidate code could replace the global.
  const solve = context.global.getSync('solve', { reference: true }).derefInto();
  const pair = make.applySync(undefined, [solve, start.derefInto(), String(job.seed), job.problem.fnName, MAX_RAW_LENGTH, MAX_MESSAGE_LENGTH], {
    timeout: SETUP_TIMEOUT_MS,
    result: { reference: true },
  }) as ivm.Reference;
  return [pair.getSync(0, { reference: true }), pair.getSync(1, { reference: true })];
}

/** The bridge answers a Float64Array (scored here) or a string (why the instance is invalid); anything else is a bug. */
function toInstanceResult(problem: Problem, output: unknown, instance: Instance, ctx: ScoreContext): InstanceResult {
  if (output instanceof Float64Array) return scoreInstance(problem, output, instance, ctx);
  if (typeof output === 'string') return { ok: false, reason: oneLine(output) };
  return { ok: false, reason: `sandbox bridge returned ${typeof output}` };
}

/**
 * Exceptions that escape the bridge come from isolated-vm itself: the time limit, the memory limit, a refused
 * import(), or a fault.
 */
function classifyFailure(error: unknown, isolate: ivm.Isolate, ms: number): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  if (isolate.isDisposed || /memory limit/i.test(message)) return { status: 'oom', ms };
  if (message === TIMED_OUT) return { status: 'timeout', ms };
  if (message === IMPORT_REFUSED) return { status: 'invalid', reason: 'import() is not available in the sandbox', ms };
  return { status: 'error', message: oneLine(message), ms };
}
