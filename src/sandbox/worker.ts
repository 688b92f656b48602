import { getProblem, loadProblem } from '../problems/index.ts';
import { AhdError, ErrorCode, isProblemFault } from '../errors.ts';
import type { InstanceResult } from './aggregate.ts';
import { checkReturnedContexts, evaluateInIsolate, prepareInstances, runInIsolate, type PreparedInstance } from './isolate.ts';
import { loadCached } from './native.ts';
import type { EvalRequest, Outcome } from './types.ts';

/** What the pool sends a worker thread: the request with its resolved limits. */
export interface WorkerTask {
  readonly request: EvalRequest;
  readonly timeoutMs: number;
  readonly memoryLimitMb: number;
  /** The module of a problem of the user's own (loaded here before the request is served). */
  readonly problemSource?: string;
  /** Only instances [start, end) of the split: the reply then carries their results, for the pool to merge. */
  readonly shard?: { readonly start: number; readonly end: number };
}

/**
 * A worker answers an outcome, or a failure that is not the candidate's (unreadable instance file, unknown split):
 * the pool rethrows it as an AhdError with the same code, because errors crossing threads lose their class.
 */
export type WorkerReply =
  | { readonly outcome: Outcome }
  | { readonly shard: { readonly results: readonly InstanceResult[]; readonly ms: number } }
  | { readonly failure: { readonly code: ErrorCode; readonly message: string; readonly context?: Record<string, unknown> } };

const prepared = new Map<string, PreparedInstance[]>();

export default async function evaluateTask(task: WorkerTask): Promise<WorkerReply> {
  const { request } = task;
  let problem;
  let instances: PreparedInstance[];
  try {
    if (task.problemSource) await loadProblem(task.problemSource);
    problem = getProblem(request.problem);
    instances = preparedSplit(request);
  } catch (error) {
    return failureOf(error);
  }
  const spec = problem.splits.find((s) => s.name === request.split)!;
  const job = {
    problem,
    spec,
    instances,
    code: request.code,
    seed: request.seed,
    timeoutMs: task.timeoutMs,
    memoryLimitMb: task.memoryLimitMb,
  };
  // The guard checks the context once this reply is on its way (after this task's microtasks), not before.
  setImmediate(checkReturnedContexts);
  try {
    if (!task.shard) return { outcome: evaluateInIsolate(job) };
    const { start, end } = task.shard;
    const run = runInIsolate({ ...job, instances: instances.slice(start, end), firstIndex: start });
    return 'status' in run ? { outcome: run } : { shard: run };
  } catch (error) {
    if (isProblemFault(error)) return failureOf(error); // the problem's scorer threw: its fault, with its stack
    throw error;
  }
}

function failureOf(error: unknown): WorkerReply {
  const code = error instanceof AhdError ? error.code : ErrorCode.Internal;
  const context = error instanceof AhdError && Object.keys(error.context).length > 0 ? { context: error.context } : {};
  return { failure: { code, message: error instanceof Error ? error.message : String(error), ...context } };
}

/** A split's instances with their inputs serialised, once per worker thread. */
function preparedSplit(request: EvalRequest): PreparedInstance[] {
  const key = `${request.problem}\u0000${request.split}\u0000${request.dataDir ?? ''}`;
  let instances = prepared.get(key);
  if (!instances) {
    instances = prepareInstances(loadCached(getProblem(request.problem), request.split, request.dataDir));
    prepared.set(key, instances);
  }
  return instances;
}
