import { performance } from 'node:perf_hooks';
import { availableParallelism } from 'node:os';
import { checkSplits, getProblem, problemSource } from '../problems/index.ts';
import { AhdError, ErrorCode, usageError } from '../errors.ts';
import { evaluationKey } from './code-key.ts';
import { DEFAULT_MEMORY_LIMIT_MB, timeLimitMs } from './limits.ts';
import { SandboxProcess } from './sandbox-process.ts';
import { SharedResults } from './shared-results.ts';
import type { EvalRequest, Outcome } from './types.ts';
import type { Problem } from '../problems/types.ts';
import type { WorkerReply, WorkerTask } from './worker.ts';
import { aggregate, type InstanceResult } from './aggregate.ts';

export interface SandboxPoolOptions {
  /** Worker threads (each evaluates one candidate at a time). Default: all cores. */
  readonly threads?: number;
  /** Heap limit of each candidate's isolate, MB. Default: DEFAULT_MEMORY_LIMIT_MB. */
  readonly memoryLimitMb?: number;
  /** Evaluate identical requests (same code, trimmed, and the rest of the request) once (default true). */
  readonly shareResults?: boolean;
  /**
   * The last-resort deadline of an evaluation with a given time limit, ms (default: twice the limit plus a minute).
   * isolated-vm enforces the limit itself; past this deadline the sandbox process is deemed stuck (in trusted
   * scoring, say), killed, and the evaluation ends as 'timeout'.
   */
  readonly deadlineMs?: (limitMs: number) => number;
}

/**
 * Evaluates candidates in isolated-vm isolates in a separate sandbox process (sandbox-process.ts: on its own
 * thread with one thread, else on a piscina pool of worker threads), so that nothing a candidate does can crash
 * the host. Identical requests (same code, problem, split, seed and limits) are evaluated once. Never rejects
 * because of a candidate: every candidate failure is an Outcome (a crashed worker or sandbox process, or one past
 * its last-resort deadline, included; the pool recovers). Rejects only for caller mistakes (usage errors),
 * unreadable instance data, cancellation, a closed pool, or a sandbox process that cannot start.
 */
export class SandboxPool {
  readonly threads: number;
  readonly memoryLimitMb: number;
  readonly #process: SandboxProcess;
  readonly #results: SharedResults<Outcome> | undefined;
  #closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    const threads = options.threads ?? availableParallelism();
    const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
    if (!Number.isInteger(threads) || threads < 1) throw usageError(`sandbox threads must be a positive integer, got ${threads}`);
    if (!Number.isInteger(memoryLimitMb) || memoryLimitMb < 8) {
      throw usageError(`sandbox memoryLimitMb must be an integer of at least 8, got ${memoryLimitMb}`);
    }
    this.threads = threads;
    this.memoryLimitMb = memoryLimitMb;
    this.#process = new SandboxProcess(threads, options.deadlineMs);
    this.#results = options.shareResults === false ? undefined : new SharedResults<Outcome>();
  }

  /** Evaluates one candidate on one split. Cancelling `signal` rejects with its reason. */
  evaluate(request: EvalRequest, signal?: AbortSignal): Promise<Outcome> {
    if (this.#closed) return Promise.reject(new AhdError(ErrorCode.Sandbox, 'the sandbox pool is closed'));
    let task: WorkerTask;
    try {
      task = this.#task(request);
    } catch (error) {
      return Promise.reject(error);
    }
    if (!this.#results) return signal?.aborted ? Promise.reject(signal.reason) : this.#run(task, signal ?? new AbortController().signal);
    const results = this.#results;
    // A crashed worker's 'error' is not the candidate's: do not remember it, so a retry evaluates again.
    const key = evaluationKey(request, task.timeoutMs, task.memoryLimitMb);
    return results.share(key, (shared) => this.#run(task, shared), signal, (outcome) => outcome.status !== 'error');
  }

  /** Evaluates many requests concurrently (outcomes in request order); `onOutcome` reports each as it lands. */
  evaluateMany(
    requests: readonly EvalRequest[],
    signal?: AbortSignal,
    onOutcome?: (outcome: Outcome, index: number) => void,
  ): Promise<Outcome[]> {
    return Promise.all(
      requests.map(async (request, index) => {
        const outcome = await this.evaluate(request, signal);
        onOutcome?.(outcome, index);
        return outcome;
      }),
    );
  }

  /** Stops the sandbox process; evaluations still running end as 'error' outcomes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#process.close();
  }

  /** Validates a request at the edge (unknown problem/split are usage errors) and resolves its limits. */
  #task(request: EvalRequest): WorkerTask {
    const problem = getProblem(request.problem);
    checkSplits(problem, [request.split]);
    if (typeof request.code !== 'string') throw usageError('request.code must be a string');
    if (!Number.isSafeInteger(request.seed)) throw usageError(`request.seed must be an integer, got ${request.seed}`);
    if (request.timeoutMs !== undefined && !(Number.isFinite(request.timeoutMs) && request.timeoutMs > 0)) {
      throw usageError(`request.timeoutMs must be a positive number, got ${request.timeoutMs}`);
    }
    const timeoutMs = timeLimitMs(problem, request.split, request.timeoutMs);
    const source = problemSource(problem.id);
    return { request, timeoutMs, memoryLimitMb: this.memoryLimitMb, ...(source && { problemSource: source }) };
  }

  /**
   * A large test split is cut into one shard per worker thread; the shards' results are merged in instance
   * order, so the outcome is the one a single pass gives (every instance has its own random stream and clock,
   * isolate.ts). Each shard gets its share of the split's time limit. Search splits stay whole: there the first
   * invalid instance ends the evaluation.
   */
  async #run(task: WorkerTask, signal: AbortSignal): Promise<Outcome> {
    const problem = getProblem(task.request.problem);
    const spec = problem.splits.find((s) => s.name === task.request.split)!;
    const shards = spec.mode === 'test' ? shardRanges(spec.count, this.threads) : [];
    if (shards.length < 2) return outcomeOf(await this.#process.run(task, signal));
    const started = performance.now();
    const replies = await Promise.all(
      shards.map((shard) =>
        this.#process.run({ ...task, shard, timeoutMs: Math.ceil((task.timeoutMs * (shard.end - shard.start)) / spec.count) }, signal),
      ),
    );
    const results: InstanceResult[] = [];
    for (const reply of replies) {
      if (!('shard' in reply)) return outcomeOf(reply); // the first shard that failed as a whole decides
      results.push(...reply.shard.results);
    }
    return aggregate(results, spec.count, problem.invalidPolicy(spec.mode), performance.now() - started);
  }
}

/** Shards of at least MIN_SHARD instances, at most one per thread. */
const MIN_SHARD = 100;
export function shardRanges(count: number, threads: number): { start: number; end: number }[] {
  const shards = Math.max(1, Math.min(threads, Math.floor(count / MIN_SHARD)));
  return Array.from({ length: shards }, (_, k) => ({
    start: Math.floor((k * count) / shards),
    end: Math.floor(((k + 1) * count) / shards),
  })).filter((r) => r.end > r.start);
}

/**
 * Worker threads that evaluating one candidate on `splits` of `problem` at once can keep busy: a test split's
 * shards, one per search split, at most `cores`. A one-off evaluation starts no more (each thread costs a module
 * load and an isolate, competing with the work on a small machine).
 */
export function threadsFor(problem: Problem, splits: readonly string[], cores = availableParallelism()): number {
  const tasks = splits.reduce((sum, name) => {
    const spec = problem.splits.find((s) => s.name === name);
    return sum + (spec?.mode === 'test' ? shardRanges(spec.count, cores).length : 1);
  }, 0);
  return Math.max(1, Math.min(cores, tasks));
}

function outcomeOf(reply: WorkerReply): Outcome {
  if ('failure' in reply) throw new AhdError(reply.failure.code, reply.failure.message, { context: reply.failure.context });
  if ('shard' in reply) throw new AhdError(ErrorCode.Internal, 'a shard reply for a whole-split task');
  return reply.outcome;
}
