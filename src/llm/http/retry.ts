import type { Rng } from '../../ground/rng.ts';

/** Backoff settings for retried HTTP requests. */
export interface RetryPolicy {
  /** Retries after the first attempt (so maxRetries + 1 attempts in all). */
  readonly maxRetries: number;
  /** Delay before the first retry; doubled for each further one. */
  readonly baseDelayMs: number;
  /** Cap of the computed backoff (a server's Retry-After is honoured up to MAX_RETRY_AFTER_MS). */
  readonly maxDelayMs: number;
}

/** A server asking for more than this is waited for only this long (then the retry counts as usual). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** HTTP statuses worth retrying: request timeout, rate limit, server errors (overloaded, restarting, gateway). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Exponential backoff with "equal jitter": half the exponential delay is fixed, half is drawn from the seeded rng,
 * so parallel clients that failed together do not retry together.
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, rng: Rng): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(exponential / 2 + (exponential / 2) * rng.next());
}

/** Milliseconds a Retry-After header asks for (delta-seconds or an HTTP date), or undefined when absent/unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - nowMs;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms))) : undefined;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
