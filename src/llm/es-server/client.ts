import { AhdError, ErrorCode, usageError } from '../../errors.ts';
import { createJsonClient, type JsonClient, type RetryEvent } from '../http/json-client.ts';
import { Semaphore } from '../http/semaphore.ts';
import { chatRequestBody, OPENAI_DEFAULTS, readChatCompletion, REFERENCE_SAMPLING } from '../openai.ts';
import type { EsHandle, Generation, GenerateRequest, LanguageModel, SamplingOptions } from '../types.ts';
import { NOISE_IDS, TORCH_NOISE, type NoiseId } from '../../ground/noise-id.ts';
import type { InitResponse, StatusResponse, UpdateRequest } from './protocol.ts';

/**
 * The `es-server` backend: ES model servers (`ahd serve`, or any server of the same protocol), one model
 * replica each. A request goes to a free endpoint and holds it for the whole of apply -> chat completion ->
 * revert (revert always attempted); every endpoint holds the same weights, so which one serves does not change
 * the text. Updates go to every endpoint. On creation every endpoint is /es/init-ed, which resets a used server
 * to its base weights, so a resumed run replays its updates onto the base model as the onnx backend does.
 *
 * EsHandle.update takes z already normalised by the engine; it is sent as `rewards` with reward_normalization
 * 'none', so the server applies exactly the in-process update (alpha / N) sum z_i eps_i.
 */
export interface EsServerModelOptions {
  /** Server base URLs (`http://host:11012`); a trailing /completions or /v1/chat/completions is ignored. */
  readonly endpoints: readonly string[];
  /** Limit of one request (default 300 s; a generation on a busy CPU server can be slow). */
  readonly timeoutMs?: number;
  /** Retries of idempotent requests (everything but /es/update) after a server error, timeout or network error. */
  readonly maxRetries?: number;
  readonly retryBaseDelayMs?: number;
  readonly retryMaxDelayMs?: number;
  /** Seed of the retry jitter. */
  readonly jitterSeed?: number;
  readonly onRetry?: (event: RetryEvent) => void;
}

/** The base URL of an endpoint: scheme, host, port and path prefix, without a trailing completions path. */
export function endpointBase(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint.trim());
  } catch {
    throw usageError(`es-server endpoint is not a URL: "${endpoint}"`, { endpoint });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`es-server endpoint must be http(s), got "${endpoint}"`, { endpoint });
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/(\/v1\/chat)?\/completions$/, '');
  return `${url.origin}${path}`;
}

export async function createEsServerModel(options: EsServerModelOptions): Promise<LanguageModel> {
  const bases = options.endpoints.map(endpointBase);
  if (bases.length === 0) throw usageError('es-server needs at least one endpoint');
  const twice = bases.find((b, i) => bases.indexOf(b) !== i);
  // The same server twice would receive every update twice.
  if (twice) throw usageError(`es-server endpoint ${twice} is named twice`, { endpoint: twice });

  const retry = {
    maxRetries: options.maxRetries ?? OPENAI_DEFAULTS.maxRetries,
    baseDelayMs: options.retryBaseDelayMs ?? OPENAI_DEFAULTS.retryBaseDelayMs,
    maxDelayMs: options.retryMaxDelayMs ?? OPENAI_DEFAULTS.retryMaxDelayMs,
  };
  const common = { label: 'es-server', concurrency: bases.length, timeoutMs: options.timeoutMs ?? OPENAI_DEFAULTS.timeoutMs };
  const client = createJsonClient({ ...common, retry, jitterSeed: options.jitterSeed, onRetry: options.onRetry });
  // An update is not idempotent: after a lost answer, a retry could apply it twice.
  const clientOnce = createJsonClient({ ...common, retry: { ...retry, maxRetries: 0 } });
  const endpoints = new EndpointLocks(bases.length);
  let perturbedInFlight = 0;

  try {
    const inits = await Promise.all(bases.map((base) => post<InitResponse>(client, base, '/es/init', { parameter_scope: 'full' })));
    const statuses = await Promise.all(bases.map((base) => post<StatusResponse>(client, base, '/es/status', {})));
    checkSameModel(bases, inits, statuses);
    const status = statuses[0];
    const modelName = status.model ?? REFERENCE_SERVER_MODEL;

    const chat = async (base: string, request: GenerateRequest): Promise<Generation> => {
      const url = `${base}/v1/chat/completions`;
      const started = performance.now();
      const body = await client.post(url, chatRequestBody(modelName, request), request.signal);
      return readChatCompletion(body, url, performance.now() - started, 'es-server');
    };

    const es: EsHandle = {
      size: { tensors: inits[0].n_tensors, params: inits[0].total_params },
      noise: noiseOf(status),
      async update(seeds, z, alpha) {
        if (perturbedInFlight > 0) {
          throw new AhdError(ErrorCode.Internal, 'weight update refused: a perturbed generation is in progress');
        }
        if (seeds.length !== z.length) throw new RangeError(`ES update: ${seeds.length} seeds but ${z.length} z-scores`);
        if (seeds.length === 0) return 0; // no change, as in-process (the protocol refuses an empty update)
        const body: UpdateRequest = { seeds: [...seeds], rewards: [...z], alpha, reward_normalization: 'none' };
        await endpoints.onEvery(() => Promise.all(bases.map((base) => post(clientOnce, base, '/es/update', body))));
        return undefined; // the protocol answers the weights' norm, not the step's
      },
      async fingerprint() {
        const prints = await endpoints.onEvery(() =>
          Promise.all(bases.map(async (base) => fingerprintOf(await post<StatusResponse>(client, base, '/es/status', {})))),
        );
        if (new Set(prints).size !== 1) {
          const held = bases.map((base, i) => `${base} ${prints[i]}`).join(', ');
          // Servers that add noise in place in the weights' own dtype drift apart by rounding as they serve different directions.
          const hint = noiseOf(status) === TORCH_NOISE ? '; start torch ES servers with --master-copy so revert is exact' : '';
          throw new AhdError(ErrorCode.Llm, `es-server endpoints hold different weights (${held})${hint}`);
        }
        return prints[0];
      },
    };

    return {
      name: `es-server:${modelName}`,
      promptStyle: status.ahd_prompt_style ?? 'reference',
      parallelism: bases.length,
      es,
      defaults: samplingDefaults(status),
      generate: (request) =>
        endpoints.onFree(request.signal, async (index) => {
          const base = bases[index];
          const perturbation = request.perturbation;
          if (!perturbation) return chat(base, request);
          perturbedInFlight += 1;
          try {
            await post(client, base, '/es/apply', { seed: perturbation.seed, sigma: perturbation.sigma }, request.signal);
            return await chat(base, request);
          } finally {
            // Even when apply failed or was aborted: it may have reached the server (revert of nothing is a no-op).
            try {
              await post(client, base, '/es/revert', { seed: perturbation.seed, sigma: perturbation.sigma });
            } finally {
              perturbedInFlight -= 1;
            }
          }
        }),
      async close() {
        client.close();
        clientOnce.close();
      },
    };
  } catch (error) {
    client.close();
    clientOnce.close();
    throw error;
  }
}

/** POST to one endpoint; an answer with ok: false is an error even with a 2xx status. */
async function post<T>(client: JsonClient, base: string, path: string, body: object, signal?: AbortSignal): Promise<T> {
  const reply = await client.post(`${base}${path}`, body, signal);
  if (typeof reply !== 'object' || reply === null || (reply as { ok?: unknown }).ok === false) {
    const error = (reply as { error?: unknown } | null)?.error;
    throw new AhdError(ErrorCode.Llm, `es-server: POST ${base}${path} failed${error ? `: ${String(error)}` : ''}`, { context: { base, path } });
  }
  return reply as T;
}

/** The model name sent to a server that reports none (the reference's servers ignore it). */
const REFERENCE_SERVER_MODEL = 'reference-es-server';

/**
 * What a server that reports no weights fingerprint (the reference's) stands for: such servers are taken to hold
 * the same weights when they report the same sizes, and their histories replay only on such servers.
 */
const UNREPORTED_FINGERPRINT = 'unreported';

const fingerprintOf = (status: StatusResponse) => status.weights_fingerprint ?? UNREPORTED_FINGERPRINT;

/** The reference's servers do not say which noise they draw: theirs is the torch noise. */
function noiseOf(status: StatusResponse): NoiseId {
  const noise = status.noise ?? TORCH_NOISE;
  if (!(NOISE_IDS as readonly string[]).includes(noise)) {
    throw new AhdError(ErrorCode.Llm, `es-server: /es/status reports noise ${JSON.stringify(noise)}; ahd knows ${NOISE_IDS.join(', ')}`);
  }
  return noise;
}

/** Every endpoint must serve the same model with the same weights, drawn by the same noise. */
function checkSameModel(bases: readonly string[], inits: readonly InitResponse[], statuses: readonly StatusResponse[]): void {
  const describe = (i: number) =>
    `${statuses[i].model ?? REFERENCE_SERVER_MODEL} (${inits[i].n_tensors} tensors, ${inits[i].total_params} params, ` +
    `weights ${fingerprintOf(statuses[i])}, ${noiseOf(statuses[i])} noise)`;
  statuses.forEach((_, i) => {
    if (describe(i) !== describe(0)) {
      throw new AhdError(ErrorCode.Model, `es-server endpoints differ: ${bases[0]} serves ${describe(0)}, ${bases[i]} serves ${describe(i)}`);
    }
  });
}

function samplingDefaults(status: StatusResponse): SamplingOptions {
  const d = status.sampling_defaults;
  if (!d) return REFERENCE_SAMPLING;
  return { temperature: d.temperature, topP: d.top_p, topK: d.top_k, maxNewTokens: d.max_new_tokens, stop: [] };
}

/**
 * One lock per endpoint: a generation takes any free endpoint (least recently used first); onEvery waits until
 * it holds them all, so an update or fingerprint never lands between a generation's apply and revert.
 */
class EndpointLocks {
  readonly #slots: Semaphore;
  readonly #count: number;
  readonly #free: number[];
  readonly #whole = new Semaphore(1);

  constructor(count: number) {
    this.#count = count;
    this.#slots = new Semaphore(count);
    this.#free = Array.from({ length: count }, (_, i) => i);
  }

  async onFree<T>(signal: AbortSignal | undefined, task: (index: number) => Promise<T>): Promise<T> {
    const release = await this.#slots.acquire(signal);
    const index = this.#free.shift()!;
    try {
      return await task(index);
    } finally {
      this.#free.push(index);
      release();
    }
  }

  async onEvery<T>(task: () => Promise<T>): Promise<T> {
    // One taker of every slot at a time: two taking them slot by slot could each hold some and wait forever.
    const releaseWhole = await this.#whole.acquire();
    const releases: Array<() => void> = [];
    try {
      for (let i = 0; i < this.#count; i++) releases.push(await this.#slots.acquire());
      return await task();
    } finally {
      for (const release of releases) release();
      releaseWhole();
    }
  }
}
