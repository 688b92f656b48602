/**
 * A memo of promised results by key: the first request for a key starts the work, later and concurrent requests
 * share its promise. Each caller may cancel with its own AbortSignal; the work itself is aborted only when every
 * caller waiting on it has cancelled. Failed work and results `keep` rejects are forgotten, so they are retried.
 */
interface Entry<T> {
  readonly controller: AbortController;
  promise: Promise<T>;
  waiters: number;
  settled: boolean;
}

export class SharedResults<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #maxEntries: number;

  constructor(maxEntries = 100_000) {
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  share(key: string, start: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, keep: (value: T) => boolean = () => true): Promise<T> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const entry = this.#entries.get(key) ?? this.#start(key, start, keep);
    if (!signal) {
      entry.waiters = Number.POSITIVE_INFINITY; // an uncancellable caller keeps the work alive
      return entry.promise;
    }
    entry.waiters++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        entry.waiters--;
        reject(signal.reason);
        if (entry.waiters === 0 && !entry.settled) {
          this.#forget(key, entry);
          entry.controller.abort(signal.reason);
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  #start(key: string, start: (signal: AbortSignal) => Promise<T>, keep: (value: T) => boolean): Entry<T> {
    const entry: Entry<T> = { controller: new AbortController(), promise: Promise.resolve() as Promise<T>, waiters: 0, settled: false };
    entry.promise = start(entry.controller.signal).then(
      (value) => {
        entry.settled = true;
        if (!keep(value)) this.#forget(key, entry);
        return value;
      },
      (error: unknown) => {
        entry.settled = true;
        this.#forget(key, entry);
        throw error;
      },
    );
    entry.promise.catch(() => {}); // callers see the rejection; the memo itself must not report it as unhandled
    this.#entries.set(key, entry);
    this.#evictSettled();
    return entry;
  }

  #forget(key: string, entry: Entry<T>): void {
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
  }

  /** Keeps memory bounded on very long runs: drops the oldest settled results first. */
  #evictSettled(): void {
    if (this.#entries.size <= this.#maxEntries) return;
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries) break;
      if (entry.settled) this.#entries.delete(key);
    }
  }
}
