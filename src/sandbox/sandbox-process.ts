import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { AhdError, ErrorCode } from '../errors.ts';
import { childExecArgv, moduleUrl } from '../ground/runtime.ts';
import { oneLine } from '../ground/one-line.ts';
import { watchdogMs } from './limits.ts';
import type { Outcome } from './types.ts';
import type { WorkerReply, WorkerTask } from './worker.ts';

/** Messages between the host and the sandbox process (process-main.ts). */
export type ParentMessage = { readonly type: 'run'; readonly id: number; readonly task: WorkerTask } | { readonly type: 'cancel'; readonly id: number };
export type ChildMessage = { readonly type: 'ready' } | { readonly type: 'reply'; readonly id: number; readonly reply: WorkerReply };

interface Job {
  readonly id: number;
  readonly task: WorkerTask;
  readonly resolve: (reply: WorkerReply) => void;
  readonly reject: (error: unknown) => void;
  /** When it was last sent to the sandbox process. */
  started: number;
  /** It was running when the sandbox process died alongside others: it reruns alone to find out whose fault it was. */
  suspect: boolean;
  /** The last-resort deadline while it runs; `expired` once it passed (the process is then killed). */
  timer?: NodeJS.Timeout;
  expired: boolean;
}

const MAIN = moduleUrl('./process-main', import.meta.url);
/** How much of the sandbox process's stderr is kept to explain a crash. */
const STDERR_TAIL = 4096;

/**
 * The host's handle on the sandbox process: sends it tasks (at most one per worker thread at a time), restarts it
 * when it dies, and decides whose fault a death was. A candidate that brings the process down while it was the
 * only one running gets the blame ('oom' when V8 ran out of memory, else 'error'); when several were running, each
 * is rerun alone before any is blamed, so an innocent candidate is never charged with a neighbour's crash. A task
 * that outlives its last-resort deadline (isolated-vm enforces the real limit inside the isolate; this catches a
 * sandbox that stopped answering, e.g. in trusted scoring) has the process killed and ends as 'timeout'; the
 * others running beside it run again.
 */
export class SandboxProcess {
  readonly #threads: number;
  readonly #deadlineMs: (limitMs: number) => number;
  readonly #queue: Job[] = [];
  readonly #running = new Map<number, Job>();
  #child: ChildProcess | undefined;
  #ready = false;
  #stderr = '';
  #nextId = 0;
  #closed = false;

  /** `deadlineMs`: the last-resort deadline of a task with this time limit (default limits.ts's watchdogMs). */
  constructor(threads: number, deadlineMs: (limitMs: number) => number = watchdogMs) {
    this.#threads = threads;
    this.#deadlineMs = deadlineMs;
  }

  /** Runs a task; a cancelled `signal` rejects with its reason and stops the task in the sandbox. */
  run(task: WorkerTask, signal: AbortSignal): Promise<WorkerReply> {
    if (this.#closed) return Promise.reject(new AhdError(ErrorCode.Sandbox, 'the sandbox pool is closed'));
    return new Promise<WorkerReply>((resolve, reject) => {
      const id = this.#nextId++;
      const onAbort = () => {
        const queued = this.#queue.findIndex((j) => j.id === id);
        if (queued >= 0) this.#queue.splice(queued, 1);
        if (this.#running.delete(id)) this.#send({ type: 'cancel', id });
        clearTimeout(job.timer);
        reject(signal.reason);
        this.#pump();
      };
      const job: Job = {
        id,
        task,
        started: 0,
        suspect: false,
        expired: false,
        resolve: (reply) => {
          signal.removeEventListener('abort', onAbort);
          resolve(reply);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(job);
      this.#pump();
    });
  }

  /** Stops the sandbox process (resolves once it has exited); tasks still waiting end as 'error' outcomes. */
  close(): Promise<void> {
    this.#closed = true;
    const pending = [...this.#running.values(), ...this.#queue];
    this.#running.clear();
    this.#queue.length = 0;
    for (const job of pending) {
      clearTimeout(job.timer);
      job.resolve(failed(job, 'error', 'the sandbox pool was closed'));
    }
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.ref(); // an idle child is unref'd: keep the host alive until it has exited
    child.kill('SIGKILL');
    return exited;
  }

  /** Starts queued tasks while there is room; while suspects exist, only one task runs at a time. */
  #pump(): void {
    this.#holdOpen();
    if (this.#closed || this.#queue.length === 0) return;
    if (!this.#child) this.#spawn();
    if (!this.#ready) return; // 'ready' pumps again
    const quarantine = this.#queue.some((j) => j.suspect);
    const limit = quarantine ? 1 : this.#threads;
    while (this.#running.size < limit && this.#queue.length > 0) {
      const index = quarantine ? Math.max(0, this.#queue.findIndex((j) => j.suspect)) : 0;
      const [job] = this.#queue.splice(index, 1);
      job.started = performance.now();
      job.timer = setTimeout(() => this.#expire(job), this.#deadlineMs(job.task.timeoutMs));
      this.#running.set(job.id, job);
      this.#send({ type: 'run', id: job.id, task: job.task });
    }
  }

  /** An idle sandbox process does not keep the host alive (a caller that forgets close() still exits). */
  #holdOpen(): void {
    const child = this.#child;
    if (!child) return;
    const busy = this.#running.size > 0 || this.#queue.length > 0;
    const handles = [child, child.channel, child.stdout, child.stderr] as ({ ref?(): void; unref?(): void } | null | undefined)[];
    for (const handle of handles) {
      if (busy) handle?.ref?.();
      else handle?.unref?.();
    }
  }

  /** A send that fails means the process is dying: its 'exit' handler reschedules what was running. */
  #send(message: ParentMessage): void {
    this.#child?.send(message, (error) => {
      if (error) this.#stderr += `\n${error.message}`;
    });
  }

  #spawn(): ChildProcess {
    this.#ready = false;
    this.#stderr = '';
    const child = fork(MAIN, [String(this.#threads)], {
      // Every candidate is new code, so it is always cold: baseline-compiling every function at once (Sparkplug)
      // instead of interpreting it first cuts the sandbox's cost by ~10-15% (benchmarks/sandbox.ts).
      execArgv: [...childExecArgv(), '--always-sparkplug'],
      serialization: 'advanced',
      // Both streams are kept, not shown: V8's out-of-memory report must not end up in the host's stdout.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (text: string) => {
      this.#stderr = (this.#stderr + text).slice(-STDERR_TAIL);
    };
    child.stdout?.setEncoding('utf8').on('data', keep);
    child.stderr?.setEncoding('utf8').on('data', keep);
    child.on('error', (error) => keep(`\n${error.message}\n`));
    child.on('message', (message: ChildMessage) => this.#onMessage(message));
    child.on('exit', (code, signal) => this.#onExit(child, code, signal));
    this.#child = child;
    return child;
  }

  #onMessage(message: ChildMessage): void {
    if (message.type === 'ready') {
      this.#ready = true;
    } else {
      const job = this.#running.get(message.id);
      if (job) {
        this.#running.delete(message.id);
        clearTimeout(job.timer);
        job.resolve(message.reply);
      }
    }
    this.#pump();
  }

  /** A task past its deadline: the process is killed, and its exit ends the task as a timeout. */
  #expire(job: Job): void {
    if (this.#running.get(job.id) !== job) return;
    job.expired = true;
    this.#child?.kill('SIGKILL');
  }

  #onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.#child) return; // closed or already replaced
    this.#child = undefined;
    const wasReady = this.#ready;
    this.#ready = false;
    const running = [...this.#running.values()];
    this.#running.clear();
    for (const job of running) clearTimeout(job.timer);
    const crash = `sandbox process died (${signal ?? `exit code ${code}`})${tail(this.#stderr)}`;
    const expired = running.filter((job) => job.expired);
    if (expired.length > 0) {
      // Killed for a task past its deadline: that task timed out, the others run again (not suspects).
      for (const job of expired) job.resolve({ outcome: { status: 'timeout', ms: performance.now() - job.started } });
      this.#queue.unshift(...running.filter((job) => !job.expired));
    } else if (!wasReady) {
      // It never started: no candidate is to blame, and restarting would fail the same way.
      const error = new AhdError(ErrorCode.Sandbox, `cannot start the sandbox process: ${crash}`);
      for (const job of [...running, ...this.#queue.splice(0)]) job.reject(error);
      return;
    } else if (running.length === 1) {
      const outOfMemory = /out of memory|is_heap_oom|allocation failed/i.test(this.#stderr);
      const [job] = running;
      job.resolve(failed(job, outOfMemory ? 'oom' : 'error', crash));
    } else {
      for (const job of running) job.suspect = true;
      this.#queue.unshift(...running);
    }
    this.#pump();
  }
}

function failed(job: Job, status: 'oom' | 'error', message: string): WorkerReply {
  const ms = performance.now() - job.started;
  const outcome: Outcome = status === 'oom' ? { status, ms } : { status, message: oneLine(message), ms };
  return { outcome };
}

/** The last non-empty line of the crashed process's stderr, as context. */
function tail(stderr: string): string {
  const last = stderr.split('\n').map((l) => l.trim()).filter((l) => l.length > 0).pop();
  return last ? `: ${last}` : '';
}
