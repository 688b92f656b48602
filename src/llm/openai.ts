import { AhdError, ErrorCode, usageError } from '../errors.ts';
import { esBackendList } from './backends.ts';
import { createJsonClient, type RetryEvent } from './http/json-client.ts';
import type { Generation, GenerateRequest, LanguageModel, SamplingOptions } from './types.ts';

/**
 * The `openai` backend: any OpenAI-compatible chat-completions server (vLLM, llama.cpp server, Ollama, hosted
 * APIs). Frozen weights, so no ES; prompts in the reference style (instruct models with their own chat template).
 */
export interface OpenAiOptions {
  /** Server base URL: `http://host:8000`, `http://host:8000/v1`, or the full `.../v1/chat/completions`. */
  readonly baseUrl: string;
  /** Model name sent with each request. */
  readonly model: string;
  /** Environment variable holding the API key, sent as `Authorization: Bearer` when set. */
  readonly apiKeyEnv?: string;
  /** Requests in flight at once (also the model's `parallelism`). */
  readonly concurrency?: number;
  /** Limit of one attempt. Node's fetch also gives up on response headers after 300 s, which then counts as a retry. */
  readonly timeoutMs?: number;
  /** Retries after a rate limit, server error, timeout or network error. */
  readonly maxRetries?: number;
  readonly retryBaseDelayMs?: number;
  readonly retryMaxDelayMs?: number;
  /** Seed of the retry jitter. */
  readonly jitterSeed?: number;
  /** Sampling defaults, over the reference's (temperature 1, top-p 0.98, 768 new tokens). */
  readonly defaults?: Partial<SamplingOptions>;
  readonly onRetry?: (event: RetryEvent) => void;
}

export interface TokenUsage {
  /** Completed generations. */
  readonly requests: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface OpenAiModel extends LanguageModel {
  /** Running totals over this model's completed generations. */
  usage(): TokenUsage;
}

/** The reference's sampling (section 3): temperature 1.0, top-p 0.98, no top-k, at most 768 new tokens. */
export const REFERENCE_SAMPLING: SamplingOptions = { temperature: 1, topP: 0.98, topK: 0, maxNewTokens: 768, stop: [] };

export const OPENAI_DEFAULTS = {
  apiKeyEnv: 'OPENAI_API_KEY',
  concurrency: 4,
  timeoutMs: 300_000,
  maxRetries: 6,
  retryBaseDelayMs: 1_000,
  retryMaxDelayMs: 60_000,
} as const;

/**
 * The chat-completions URL for a base URL: no path means `/v1`; a trailing `/chat/completions` is kept, a trailing
 * `/completions` is replaced; trailing slashes are ignored.
 */
export function chatCompletionsUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw usageError(`openai baseUrl is not a URL: "${baseUrl}"`, { baseUrl });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`openai baseUrl must be http(s), got "${baseUrl}"`, { baseUrl });
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/chat/completions')) {
    path = path.replace(/\/completions$/, '') || '/v1';
    path += '/chat/completions';
  }
  url.pathname = path;
  url.hash = '';
  return url.toString();
}

function positiveInteger(name: string, value: number, allowZero = false): number {
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw usageError(`openai ${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${value}`, { [name]: value });
  }
  return value;
}

export function createOpenAiModel(options: OpenAiOptions): OpenAiModel {
  const url = chatCompletionsUrl(options.baseUrl);
  if (!options.model?.trim()) throw usageError('openai model name is empty', { model: options.model });
  const settings = { ...OPENAI_DEFAULTS, ...definedOnly(options) };
  const concurrency = positiveInteger('concurrency', settings.concurrency);
  const apiKey = process.env[settings.apiKeyEnv];
  const client = createJsonClient({
    label: 'openai',
    concurrency,
    timeoutMs: positiveInteger('timeoutMs', settings.timeoutMs),
    retry: {
      maxRetries: positiveInteger('maxRetries', settings.maxRetries, true),
      baseDelayMs: positiveInteger('retryBaseDelayMs', settings.retryBaseDelayMs, true),
      maxDelayMs: positiveInteger('retryMaxDelayMs', settings.retryMaxDelayMs, true),
    },
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    jitterSeed: options.jitterSeed,
    onRetry: options.onRetry,
  });
  let totals: TokenUsage = { requests: 0, promptTokens: 0, completionTokens: 0 };

  return {
    name: `openai:${options.model}`,
    promptStyle: 'reference',
    parallelism: concurrency,
    defaults: { ...REFERENCE_SAMPLING, ...options.defaults },

    async generate(request: GenerateRequest): Promise<Generation> {
      if (request.perturbation) {
        throw usageError(`the openai backend serves frozen weights and cannot generate under an ES perturbation (use ${esBackendList()})`);
      }
      const started = performance.now();
      const body = await client.post(url, chatRequestBody(options.model, request), request.signal);
      const generation = readChatCompletion(body, url, performance.now() - started);
      totals = {
        requests: totals.requests + 1,
        promptTokens: totals.promptTokens + generation.promptTokens,
        completionTokens: totals.completionTokens + generation.completionTokens,
      };
      return generation;
    },

    usage: () => totals,

    async close() {
      client.close();
    },
  };
}

/** The OpenAI chat-completions body; top_k (not in OpenAI's API, accepted by vLLM) only when set. Also used by es-server. */
export function chatRequestBody(model: string, request: GenerateRequest): Record<string, unknown> {
  const { sampling } = request;
  return {
    model,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    temperature: sampling.temperature,
    top_p: sampling.topP,
    max_tokens: sampling.maxNewTokens,
    seed: request.seed,
    stream: false,
    ...(sampling.stop.length > 0 ? { stop: [...sampling.stop] } : {}),
    ...(sampling.topK > 0 ? { top_k: sampling.topK } : {}),
  };
}

interface CompletionBody {
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

/** A chat-completions response as a Generation (choices[0]); also used by es-server. */
export function readChatCompletion(body: unknown, url: string, ms: number, label = 'openai'): Generation {
  const completion = (typeof body === 'object' && body !== null ? body : {}) as CompletionBody;
  const choice = Array.isArray(completion.choices) ? completion.choices[0] : undefined;
  const content = choice?.message?.content;
  if (!choice?.message || (content !== null && content !== undefined && typeof content !== 'string')) {
    throw new AhdError(ErrorCode.Llm, `${label}: response from ${url} has no choices[0].message.content`, { context: { url } });
  }
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    text: typeof content === 'string' ? content : '',
    promptTokens: count(completion.usage?.prompt_tokens),
    completionTokens: count(completion.usage?.completion_tokens),
    finishReason: choice.finish_reason === 'length' ? 'length' : 'stop',
    ms: Math.round(ms),
  };
}

/** Options without undefined-valued keys, so they do not overwrite defaults. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
