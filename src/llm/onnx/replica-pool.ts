import { Worker } from 'node:worker_threads';
import { AhdError, ErrorCode } from '../../errors.ts';
import { WORKER_BOOT, moduleUrl, workerBootData } from '../../ground/runtime.ts';
import type { Generation, GenerateRequest } from '../types.ts';
import type { FromReplica, ReplicaInit, SerializedError, ToReplica } from './protocol.ts';
import type { ReplicaSpec } from './replica.ts';

/**
 * Replicas in worker threads, each with its own session and weight buffer. Generations go to the first free
 * replica (FIFO queue); per-replica work (weight updates, fingerprints, close) runs on that replica as soon
 * as it is free, before it takes another generation, so an update never lands in the middle of a request.
 */
type Message = (id: number) => ToReplica;

interface Task {
  readonly message: Message;
  readonly perturbed: boolean;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly signal?: AbortSignal;
}

interface ReplicaHandle {
  readonly index: number;
  readonly worker: Worker;
  readonly ownWork: Task[];
  running: { id: number; task: Task } | null;
}

const ENTRY = moduleUrl('./replica-worker', import.meta.url);

const revive = (error: SerializedError): AhdError => new AhdError(error.code as ErrorCode, error.message);

export class ReplicaPool {
  readonly #replicas: ReplicaHandle[] = [];
  readonly #queue: Task[] = [];
  #nextId = 1;
  #failure: AhdError | null = null;

  private constructor() {}

  /** Starts `replicas` workers, each with its own copy of `weights`; resolves once every session is loaded. */
  static async start(spec: ReplicaSpec, weights: Float32Array, replicas: number): Promise<ReplicaPool> {
    const pool = new ReplicaPool();
    const started = Array.from({ length: replicas }, (_, index) => {
      const own = index === replicas - 1 ? weights : weights.slice();
      const workerData: ReturnType<typeof workerBootData> & { init: ReplicaInit } = { ...workerBootData(ENTRY), init: { spec, weights: own } };
      const worker = new Worker(WORKER_BOOT, { workerData, transferList: [own.buffer as ArrayBuffer] });
      const handle: ReplicaHandle = { index, worker, ownWork: [], running: null };
      pool.#replicas.push(handle);
      return pool.#waitReady(handle);
    });
    const results = await Promise.allSettled(started);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await Promise.all(pool.#replicas.map((r) => r.worker.terminate()));
      throw failed.reason;
    }
    return pool;
  }

  #waitReady(handle: ReplicaHandle): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: FromReplica) => {
        if (message.type === 'init-failed') reject(revive(message.error));
        if (message.type !== 'ready') return;
        handle.worker.off('message', onMessage);
        handle.worker.on('message', (m: FromReplica) => this.#settle(handle, m));
        handle.worker.on('error', (e) => this.#fail(handle, e));
        handle.worker.on('exit', (code) => this.#fail(handle, new Error(`exited with code ${code}`)));
        resolve();
      };
      handle.worker.on('message', onMessage);
      handle.worker.once('error', reject);
    });
  }

  get size(): number {
    return this.#replicas.length;
  }

  generate(request: GenerateRequest): Promise<Generation> {
    return this.generateBatch([request], request.signal).then(([generation]) => generation);
  }

  /**
   * The requests decoded together on one replica, answers in request order (see Replica.generateBatch: they
   * must share their weights). The batch is exactly the list given: its make-up never depends on timing.
   */
  generateBatch(requests: readonly GenerateRequest[], signal?: AbortSignal): Promise<Generation[]> {
    const plain = requests.map(({ signal: _, ...rest }) => rest);
    return new Promise<Generation[]>((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      if (signal?.aborted) return reject(signal.reason);
      const task: Task = {
        message: (id) => ({ type: 'generate', id, requests: plain }),
        perturbed: requests.some((r) => r.perturbation !== undefined),
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
      };
      signal?.addEventListener('abort', () => this.#abort(task), { once: true });
      this.#queue.push(task);
      this.#dispatch();
    });
  }

  /** theta += (alpha / N) sum_i z_i eps(seeds_i) on every replica; refused while any runs a perturbed request. */
  /** Resolves with the norm of the step (the same on every replica). */
  async update(seeds: readonly number[], z: readonly number[], alpha: number): Promise<number> {
    if (this.#replicas.some((r) => r.running?.task.perturbed)) {
      throw new AhdError(ErrorCode.Internal, 'weight update refused: a perturbed generation is in progress');
    }
    const norms = await this.#onEveryReplica((id) => ({ type: 'update', id, seeds, z, alpha }));
    return norms[0] as number;
  }

  /**
   * Makes theta + sigma * eps(seed) the live weights of every replica until restore (ES model server). Runs
   * between requests; a perturbed generation or a second perturb is refused by the replica while it is active.
   */
  async perturb(seed: number, sigma: number): Promise<void> {
    await this.#onEveryReplica((id) => ({ type: 'perturb', id, seed, sigma }));
  }

  async restore(seed: number, sigma: number): Promise<void> {
    await this.#onEveryReplica((id) => ({ type: 'restore', id, seed, sigma }));
  }

  /** The weight fingerprint of every replica. */
  fingerprints(): Promise<string[]> {
    return this.#onEveryReplica((id) => ({ type: 'fingerprint', id })) as Promise<string[]>;
  }

  /** Rejects queued generations, lets running ones finish, releases the sessions and stops the workers. */
  async close(): Promise<void> {
    const healthy = this.#failure === null;
    this.#failure ??= new AhdError(ErrorCode.Internal, 'the model was closed');
    for (const task of this.#queue.splice(0)) task.reject(this.#failure);
    if (healthy) await this.#sendToEveryReplica((id) => ({ type: 'close', id })).catch(() => undefined);
    await Promise.all(this.#replicas.map((r) => r.worker.terminate()));
  }

  #onEveryReplica(message: Message): Promise<unknown[]> {
    return this.#failure ? Promise.reject(this.#failure) : this.#sendToEveryReplica(message);
  }

  #sendToEveryReplica(message: Message): Promise<unknown[]> {
    const done = this.#replicas.map(
      (replica) =>
        new Promise((resolve, reject) => {
          replica.ownWork.push({ message, perturbed: false, resolve, reject });
        }),
    );
    this.#dispatch();
    return Promise.all(done);
  }

  #dispatch(): void {
    for (const replica of this.#replicas) {
      if (replica.running) continue;
      const task = replica.ownWork.shift() ?? this.#queue.shift();
      if (!task) continue;
      const id = this.#nextId++;
      replica.running = { id, task };
      replica.worker.postMessage(task.message(id));
    }
  }

  #settle(replica: ReplicaHandle, message: FromReplica): void {
    if ((message.type !== 'done' && message.type !== 'failed') || replica.running?.id !== message.id) return;
    const { task } = replica.running;
    replica.running = null;
    if (message.type === 'done') task.resolve(message.value);
    else task.reject(message.error.aborted && task.signal ? task.signal.reason : revive(message.error));
    this.#dispatch();
  }

  #abort(task: Task): void {
    const queued = this.#queue.indexOf(task);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      task.reject(task.signal!.reason);
      return;
    }
    const replica = this.#replicas.find((r) => r.running?.task === task);
    if (replica) replica.worker.postMessage({ type: 'cancel', id: replica.running!.id } satisfies ToReplica);
  }

  /** A replica died: nothing can be trusted to be in step any more, so every request fails from here on. */
  #fail(replica: ReplicaHandle, cause: Error): void {
    if (this.#failure) return; // already failed or closing (workers exit when closed)
    this.#failure = new AhdError(ErrorCode.Internal, `onnx replica ${replica.index} stopped: ${cause.message}`, { cause });
    const tasks = [
      ...this.#queue.splice(0),
      ...this.#replicas.flatMap((r) => [...r.ownWork.splice(0), ...(r.running ? [r.running.task] : [])]),
    ];
    for (const r of this.#replicas) r.running = null;
    for (const task of tasks) task.reject(this.#failure);
  }
}
