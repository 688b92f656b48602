import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import ivm from 'isolated-vm';
import type { Instance, Problem, ScoreContext, SplitSpec } from '../problems/types.ts';
import { aggregate, scoreInstance, type InstanceResult } from './aggregate.ts';
import { isProblemFault } from '../errors.ts';
import { oneLine } from '../ground/one-line.ts';
import { CLOCK_SOURCE } from './clock.ts';
import type { InvalidStage, Outcome } from './types.ts';

/**
 * Evaluates one candidate on one split inside an isolated-vm isolate. Runs in a sandbox worker thread.
 *
 * Order inside a context: seeded Math.random and the deterministic clock (PRELUDE_SOURCE), the problem's harness,
 * the bridge (captures `solve` and the builtins it needs), the guard (records every builtin), then candidates. A
 * context serves one candidate after another while the guard finds nothing changed but globals it can put back
 * (guard.js), so the harness stays compiled and warm, as it is natively; a candidate that changed a builtin, ran out
 * of time or failed gets its context thrown away, and the next one starts in a fresh context. Per instance the
 * bridge calls the harness and returns the raw output as a Float64Array (or a reason string); the trusted scorer
 * runs here, outside the isolate.
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
const GUARD_SOURCE = readFileSync(new URL('guard.js', import.meta.url), 'utf8');
// The same Alea generator createRng (src/ground/rng.ts) uses, so isolate and native runs draw the same streams.
const ALEA_SOURCE = readFileSync(createRequire(import.meta.url).resolve('seedrandom/lib/alea.js'), 'utf8');

/**
 * Trusted prelude (the same text for every evaluation, so it compiles once per isolate): seeded Math.random and
 * the deterministic clock installed; WebAssembly removed (its memory is allocated outside the heap accounting), and
 * what could call candidate code later, outside its evaluation (WeakRef, FinalizationRegistry callbacks,
 * Atomics.waitAsync), since a context serves many candidates. Evaluates to `[start, begin]`: the bridge calls
 * `begin()` before loading a candidate (random stream and clock as in a fresh context) and `start(seed, index)`
 * before every instance: each instance gets its own random stream (alea of "seed:index", as the native evaluator
 * draws) and a clock back at the epoch, so an instance's value does not depend on the instances before it, and a
 * split evaluated in shards gives the same values. The real constructors would stay reachable through the real
 * prototypes' `constructor`: repointed too.
 */
const PRELUDE_SOURCE = `(() => {
  const makeAlea = alea;
  delete globalThis.alea;
  delete globalThis.WebAssembly;
  delete globalThis.WeakRef;
  delete globalThis.FinalizationRegistry;
  delete Atomics.waitAsync;
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
  return [
    (seed, index) => { draw = makeAlea(seed + ':' + index); restart(); },
    () => { draw = makeAlea(''); restart(); },
  ];
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

  let slot: HarnessContext | undefined;
  let reusable = false; // the candidate ran to an answer: its context may serve the next one if the guard agrees
  let stage: InvalidStage = 'load'; // where a refused import() came from
  try {
    slot = takeContext(isolate, job.problem);
    const loaded = timed((timeout) => slot!.load.applySync(undefined, [job.code, String(job.seed)], { timeout }) as string);
    if (loaded === OUT_OF_TIME) return { status: 'timeout', ms: elapsed() };
    if (loaded !== '') {
      reusable = true;
      return { status: 'invalid', stage: 'load', reason: oneLine(loaded), ms: elapsed() };
    }

    stage = 'run';
    const policy = job.problem.invalidPolicy(job.spec.mode);
    const results: InstanceResult[] = [];
    const firstIndex = job.firstIndex ?? 0;
    for (let k = 0; k < job.instances.length; k++) {
      const { instance, input } = job.instances[k];
      const ctx: ScoreContext = { mode: job.spec.mode, split: job.spec.name, index: firstIndex + k, size: job.spec.size };
      const args = [input.copyInto(), ctx.mode, ctx.split, ctx.index, ctx.size];
      const output = timed((timeout) => slot!.run.applySync(undefined, args, { timeout, result: { copy: true } }) as unknown);
      if (output === OUT_OF_TIME) return { status: 'timeout', ms: elapsed() };
      const result = toInstanceResult(job.problem, output, instance, ctx);
      results.push(result);
      if (!result.ok && policy === 'candidate') break;
    }
    reusable = true;
    return { results, ms: elapsed() };
  } catch (error) {
    if (isProblemFault(error)) throw error; // the scorer's bug, not the candidate's
    return classifyFailure(error, isolate, stage, elapsed());
  } finally {
    if (slot) giveBack(isolate, job.problem, slot, reusable);
  }
}

let shared: ivm.Isolate | undefined;

/**
 * The worker's isolate, reused across evaluations while it stays healthy, with its compiled trusted scripts
 * (prelude, harness, bridge, guard) and its contexts. An isolate that ran out of memory is disposed by isolated-vm
 * and replaced here; a change of the memory limit starts a new one.
 */
function workerIsolate(memoryLimitMb: number): ivm.Isolate {
  if (!shared || shared.isDisposed || sharedLimit !== memoryLimitMb) {
    if (shared && !shared.isDisposed) shared.dispose();
    shared = new ivm.Isolate({ memoryLimit: memoryLimitMb });
    sharedLimit = memoryLimitMb;
    scripts.clear();
    idle.clear();
    returned.clear();
  }
  return shared;
}
let sharedLimit = 0;
const scripts = new Map<string, ivm.Script>();

/** A context set up for one problem's harness: the bridge's load and run, and the guard's check. */
interface HarnessContext {
  readonly context: ivm.Context;
  readonly load: ivm.Reference;
  readonly run: ivm.Reference;
  readonly check: ivm.Reference;
}
/** At most one idle context per harness, waiting for the next candidate. */
const idle = new Map<string, HarnessContext>();
const harnessKey = (problem: Problem) => `${problem.id}\u0000${problem.harnessSource}`;

/** This thread's contexts set up so far, and the guard's last answer ('' = kept): what tests check reuse by. */
export const contextStats = { created: 0, lastVerdict: '' };

function takeContext(isolate: ivm.Isolate, problem: Problem): HarnessContext {
  checkReturnedContexts();
  const key = harnessKey(problem);
  const waiting = idle.get(key);
  if (waiting) {
    idle.delete(key);
    return waiting;
  }
  const context = isolate.createContextSync();
  try {
    contextStats.created++;
    return setUp(isolate, context, problem);
  } catch (error) {
    context.release();
    throw error;
  }
}

/**
 * A context whose candidate ran to an answer waits for the guard's check, which the worker runs once its reply is
 * on its way (checkReturnedContexts), so that the check overlaps the reply's trip to the host instead of adding to
 * it; the next candidate never gets a context the guard has not passed. Any other context is dropped now.
 */
function giveBack(isolate: ivm.Isolate, problem: Problem, slot: HarnessContext, reusable: boolean): void {
  if (reusable && !isolate.isDisposed) {
    checkReturnedContexts(); // at most one per harness waits
    returned.set(harnessKey(problem), slot);
    return;
  }
  contextStats.lastVerdict = 'not checked: the evaluation did not end in an answer';
  if (!isolate.isDisposed) slot.context.release();
}
/** Contexts given back after an answer, not yet checked by the guard. */
const returned = new Map<string, HarnessContext>();

/** Runs the guard on the contexts given back: kept for the next candidate when it finds them as recorded (after repairing globals). */
export function checkReturnedContexts(): void {
  for (const [key, slot] of returned) {
    returned.delete(key);
    if (!shared || shared.isDisposed) continue; // gone with its isolate
    try {
      contextStats.lastVerdict = String(slot.check.applySync(undefined, [], { timeout: SETUP_TIMEOUT_MS }));
      if (contextStats.lastVerdict === '') {
        idle.set(key, slot);
        continue;
      }
    } catch (error) {
      contextStats.lastVerdict = `guard did not finish: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (!shared.isDisposed) slot.context.release();
  }
}

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
 * Seeds Math.random, installs the deterministic clock, removes what a heuristic never needs, loads the harness,
 * makes the bridge and, last, records the builtins for the guard.
 */
function setUp(isolate: ivm.Isolate, context: ivm.Context, problem: Problem): HarnessContext {
  const runTrusted = (source: string, filename: string) =>
    compiled(isolate, source, filename).runSync(context, { timeout: SETUP_TIMEOUT_MS });
  const runForReference = (source: string, filename: string) =>
    compiled(isolate, source, filename).runSync(context, { timeout: SETUP_TIMEOUT_MS, reference: true }) as ivm.Reference;
  const call = (fn: ivm.Reference, args: unknown[]) =>
    fn.applySync(undefined, args, { timeout: SETUP_TIMEOUT_MS, result: { reference: true } }) as ivm.Reference;
  runTrusted(ALEA_SOURCE, 'alea.js');
  const clock = runForReference(PRELUDE_SOURCE, 'prelude.js');
  runTrusted(problem.harnessSource, `${problem.id}/harness.js`);
  const make = runForReference(BRIDGE_SOURCE, 'bridge.js');
  // `solve` is read now, before any candidate code could replace the global.
  const solve = context.global.getSync('solve', { reference: true }).derefInto();
  const [start, begin] = [clock.getSync(0, { reference: true }), clock.getSync(1, { reference: true })];
  const pair = call(make, [solve, start.derefInto(), begin.derefInto(), problem.fnName, MAX_RAW_LENGTH, MAX_MESSAGE_LENGTH]);
  const check = call(runForReference(GUARD_SOURCE, 'guard.js'), []);
  return { context, load: pair.getSync(0, { reference: true }), run: pair.getSync(1, { reference: true }), check };
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
function classifyFailure(error: unknown, isolate: ivm.Isolate, stage: InvalidStage, ms: number): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  if (isolate.isDisposed || /memory limit/i.test(message)) return { status: 'oom', ms };
  if (message === TIMED_OUT) return { status: 'timeout', ms };
  if (message === IMPORT_REFUSED) return { status: 'invalid', stage, reason: 'import() is not available in the sandbox', ms };
  return { status: 'error', message: oneLine(message), ms };
}
