import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { WORKER_BOOT, moduleUrl, workerBootData } from '../ground/runtime.ts';
import { oneLine } from '../ground/one-line.ts';
import { watchdogMs } from './limits.ts';
import type { ChildMessage, ParentMessage } from './sandbox-process.ts';
import type { WorkerReply, WorkerTask } from './worker.ts';

/**
 * The sandbox process: a child of the host (see sandbox-process.ts) that runs a piscina pool of worker threads,
 * each evaluating candidates in isolated-vm isolates. It exists because V8 cannot always survive an isolate
 * running out of memory (a hash table or array growing past the limit inside the runtime aborts the whole
 * process): such a crash takes down this process, never the host, which restarts it.
 */
const threads = Number(process.argv[2]);
const pool = new Piscina<WorkerTask, WorkerReply>({
  filename: WORKER_BOOT.href,
  workerData: workerBootData(moduleUrl('./worker', import.meta.url)),
  // Workers stay up (min = max): each caches its instance sets, and a fresh thread costs ~1 s of module loading.
  minThreads: threads,
  maxThreads: threads,
});
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
  // Last resort: isolated-vm enforces the time limit inside the isolate; this catches a worker that stops answering.
  const watchdog = AbortSignal.timeout(watchdogMs(task.timeoutMs));
  const start = performance.now();
  let reply: WorkerReply;
  try {
    reply = await pool.run(task, { signal: AbortSignal.any([cancel.signal, watchdog]) });
  } catch (error) {
    const ms = performance.now() - start;
    if (cancel.signal.aborted) return; // the host no longer waits for it
    reply = watchdog.aborted
      ? { outcome: { status: 'timeout', ms } }
      : { outcome: { status: 'error', message: oneLine(`sandbox worker failed: ${error instanceof Error ? error.message : String(error)}`), ms } };
  } finally {
    running.delete(id);
  }
  send({ type: 'reply', id, reply });
}
