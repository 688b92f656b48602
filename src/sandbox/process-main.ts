import { WORKER_BOOT, moduleUrl, workerBootData } from '../ground/runtime.ts';
import { oneLine } from '../ground/one-line.ts';
import type { ChildMessage, ParentMessage } from './sandbox-process.ts';
import type { WorkerReply, WorkerTask } from './worker.ts';

/**
 * The sandbox process: a child of the host (see sandbox-process.ts) that evaluates candidates in isolated-vm
 * isolates, on its own thread when it has one, else on a piscina pool of worker threads. It exists because V8
 * cannot always survive an isolate running out of memory (a hash table or array growing past the limit inside the
 * runtime aborts the whole process): such a crash takes down this process, never the host, which restarts it. The
 * host also keeps each task's last-resort deadline (a thread that stops answering cannot watch itself).
 */
const threads = Number(process.argv[2]);
const WORKER = moduleUrl('./worker', import.meta.url);
type Evaluate = (task: WorkerTask, signal: AbortSignal) => Promise<WorkerReply>;

/**
 * One thread: the evaluation runs right here, without a worker thread's hop each way (the host sends one task at a
 * time). A cancelled task cannot be stopped mid-evaluation then; the host has stopped waiting for it already.
 */
async function directEvaluator(): Promise<Evaluate> {
  const { default: evaluateTask } = (await import(WORKER.href)) as { default: (task: WorkerTask) => Promise<WorkerReply> };
  return (task) => evaluateTask(task);
}

/** Several threads: a piscina pool, whose workers stay up (each caches its instance sets and isolate). */
async function poolEvaluator(): Promise<Evaluate> {
  const { Piscina } = await import('piscina');
  const pool = new Piscina<WorkerTask, WorkerReply>({
    filename: WORKER_BOOT.href,
    workerData: workerBootData(WORKER),
    minThreads: threads,
    maxThreads: threads,
  });
  return (task, signal) => pool.run(task, { signal });
}

const evaluator = threads === 1 ? directEvaluator() : poolEvaluator();
const running = new Map<number, AbortController>();
const send = (message: ChildMessage) => process.send?.(message);

process.on('message', (message: ParentMessage) => {
  if (message.type === 'cancel') running.get(message.id)?.abort();
  else void evaluate(message.id, message.task);
});
// The host went away (or closed the pool): nothing left to do.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });

async function evaluate(id: number, task: WorkerTask): Promise<void> {
  const cancel = new AbortController();
  running.set(id, cancel);
  const start = performance.now();
  let reply: WorkerReply;
  try {
    reply = await (await evaluator)(task, cancel.signal);
  } catch (error) {
    if (cancel.signal.aborted) return; // the host no longer waits for it
    const ms = performance.now() - start;
    reply = { outcome: { status: 'error', message: oneLine(`sandbox worker failed: ${error instanceof Error ? error.message : String(error)}`), ms } };
  } finally {
    running.delete(id);
  }
  send({ type: 'reply', id, reply });
}
