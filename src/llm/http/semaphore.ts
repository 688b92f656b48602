/** At most `limit` holders at once; waiters are served first come, first served. */
export class Semaphore {
  #free: number;
  readonly #waiters: Array<() => void> = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Resolves to a release function once a slot is free; rejects with the signal's reason if aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.#releaser());
      };
      const onAbort = () => {
        this.#waiters.splice(this.#waiters.indexOf(wake), 1);
        reject(signal!.reason);
      };
      this.#waiters.push(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) next(); // the slot passes straight to the next waiter
      else this.#free += 1;
    };
  }
}
