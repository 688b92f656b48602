import { oneLine } from '../../ground/one-line.ts';
import { createRng } from '../../ground/rng.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { Semaphore } from './semaphore.ts';
import { backoffDelayMs, isRetryableStatus, retryAfterMs, type RetryPolicy, sleep } from './retry.ts';

/**
 * JSON-over-HTTP POSTs for the HTTP model backends: at most `concurrency` requests in flight, a timeout per
 * attempt, retries with backoff on rate limits, server errors, timeouts and network errors (honouring
 * Retry-After), one-line AhdError('llm') messages once retries are spent. A caller's abort signal ends a request
 * at once (waiting, in flight, or backing off) and rejects with the signal's reason, without retrying.
 */
export interface JsonClientOptions {
  /** Prefix of error messages ('openai'). */
  readonly label: string;
  readonly concurrency: number;
  /** Limit of one attempt, response body included. */
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  readonly headers?: Readonly<Record<string, string>>;
  /** Seed of the backoff jitter. */
  readonly jitterSeed?: number;
  /** Told about every retry before its wait (for logs). */
  readonly onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  readonly url: string;
  /** 1 for the first retry. */
  readonly retry: number;
  readonly delayMs: number;
  readonly reason: string;
}

export interface JsonClient {
  post(url: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
  /** Ends every waiting and in-flight request with an AhdError('llm'); later posts are refused. */
  close(): void;
}

type Attempt =
  | { readonly kind: 'ok'; readonly value: unknown }
  | { readonly kind: 'retry'; readonly reason: string; readonly retryAfterMs?: number };

export function createJsonClient(options: JsonClientOptions): JsonClient {
  const semaphore = new Semaphore(options.concurrency);
  const rng = createRng(options.jitterSeed ?? 0);
  const closing = new AbortController();
  const headers = { 'content-type': 'application/json', accept: 'application/json', ...options.headers };
  const llmError = (message: string, context: Record<string, unknown> = {}, cause?: unknown) =>
    new AhdError(ErrorCode.Llm, `${options.label}: ${message}`, { context, cause });

  async function attempt(url: string, body: string, stop: AbortSignal): Promise<Attempt> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let status: number;
    let text: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.any([stop, timeout]) });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (stop.aborted) throw stop.reason;
      if (timeout.aborted) return { kind: 'retry', reason: `timed out after ${options.timeoutMs} ms` };
      return { kind: 'retry', reason: `network error (${networkCause(error)})` };
    }
    if (status < 200 || status > 299) {
      const detail = `HTTP ${status}${errorDetail(text)}`;
      if (isRetryableStatus(status)) return { kind: 'retry', reason: detail, retryAfterMs: retryAfterMs(retryAfter) };
      throw llmError(`POST ${url} answered ${detail}`, { url, status });
    }
    try {
      return { kind: 'ok', value: JSON.parse(text) };
    } catch (error) {
      throw llmError(`POST ${url} returned a body that is not JSON: ${oneLine(text, 120) || '(empty)'}`, { url, status }, error);
    }
  }

  return {
    async post(url, body, signal) {
      if (closing.signal.aborted) throw closing.signal.reason;
      const stop = signal ? AbortSignal.any([signal, closing.signal]) : closing.signal;
      const payload = JSON.stringify(body);
      const release = await semaphore.acquire(stop);
      try {
        for (let retry = 0; ; retry++) {
          const result = await attempt(url, payload, stop);
          if (result.kind === 'ok') return result.value;
          if (retry >= options.retry.maxRetries) {
            throw llmError(`POST ${url} failed after ${retry + 1} attempt(s): ${result.reason}`, { url });
          }
          const delayMs = result.retryAfterMs ?? backoffDelayMs(retry, options.retry, rng);
          options.onRetry?.({ url, retry: retry + 1, delayMs, reason: result.reason });
          await sleep(delayMs, stop);
        }
      } finally {
        release();
      }
    },
    close() {
      if (!closing.signal.aborted) closing.abort(llmError('client closed'));
    },
  };
}

/** The server's error message (OpenAI style `{error: {message}}`, or `{error}`/`{message}`, or raw text), one line. */
function errorDetail(text: string): string {
  let message: unknown = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    message = (typeof body.error === 'object' ? body.error?.message : body.error) ?? body.message ?? text;
  } catch {
    // not JSON: show the raw text
  }
  const line = oneLine(String(message), 200);
  return line ? `: ${line}` : '';
}

/** Why a fetch failed, in one line: the network cause (ECONNREFUSED, ...) rather than fetch's "fetch failed". */
export function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const message = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return oneLine(message, 200);
}
