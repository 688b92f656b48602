import { firstIssue } from '../../ground/zod-issue.ts';
import type { z } from 'zod';
import { AhdError, ErrorCode } from '../../errors.ts';
import { normalise } from '../../es/normalise.ts';
import type { ChatMessage, Generation, SamplingOptions } from '../types.ts';
import * as P from './protocol.ts';
import type { ServedModel } from './served-model.ts';

/**
 * The routes of `ahd serve`: request body in, response body out. Bodies are validated by protocol.ts; a bad
 * one is an HTTP 400 naming the field, a request the ES state forbids a 409 (served-model.ts).
 */
export interface RouteContext {
  readonly served: ServedModel;
  /** The parsed JSON body ({} when empty). */
  readonly body: unknown;
  /** Aborted when the client goes away: a generation stops early. */
  readonly signal: AbortSignal;
  /** Sampler seed for a generation whose request names none: a per-server counter, so runs are repeatable. */
  readonly nextSeed: () => number;
}

export type Route = (context: RouteContext) => Promise<object>;

export const badRequest = (message: string) => new AhdError(ErrorCode.Usage, message, { context: { status: 400 } });

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw badRequest(firstIssue(result.error, 'body'));
}

interface SamplingFields {
  readonly do_sample?: boolean;
  readonly temperature?: number;
  readonly top_p?: number;
  readonly top_k?: number;
  readonly max_new_tokens?: number;
  readonly stop?: readonly string[];
}

/** Request fields over the model's defaults; do_sample false means greedy. */
function samplingFrom(defaults: SamplingOptions, fields: SamplingFields): SamplingOptions {
  return {
    temperature: fields.do_sample === false ? 0 : (fields.temperature ?? defaults.temperature),
    topP: fields.top_p ?? defaults.topP,
    topK: fields.top_k ?? defaults.topK,
    maxNewTokens: fields.max_new_tokens ?? defaults.maxNewTokens,
    stop: fields.stop ?? defaults.stop,
  };
}

/** `count` generations of one conversation; generation k uses sampler seed `seed + k` (or the server's next seed). */
async function generateRepeated(
  context: RouteContext,
  messages: readonly ChatMessage[],
  sampling: SamplingOptions,
  seed: number | undefined,
  count: number,
): Promise<Generation[]> {
  const generations: Generation[] = [];
  for (let k = 0; k < count; k++) {
    const requestSeed = seed === undefined ? context.nextSeed() : (seed + k) % 2 ** 32;
    generations.push(await context.served.model.generate({ messages, sampling, seed: requestSeed, signal: context.signal }));
  }
  return generations;
}

/** POST /completions: each prompt as one user turn through the chat template, repeat_prompt times each. */
async function completions(context: RouteContext): Promise<P.CompletionsResponse> {
  const { prompt, repeat_prompt, max_tokens, params, ...topLevel } = parse(P.completionsRequest, context.body);
  // As the reference: `params` first, then top-level fields (max_tokens standing for max_new_tokens).
  const fields = { ...topLevel, ...(max_tokens !== undefined && { max_new_tokens: max_tokens }), ...params };
  const sampling = samplingFrom(context.served.model.defaults, fields);
  const system: ChatMessage[] = fields.system_prompt ? [{ role: 'system', content: fields.system_prompt }] : [];
  const content: string[] = [];
  const prompts = typeof prompt === 'string' ? [prompt] : prompt;
  const repeat = repeat_prompt ?? 1;
  for (const [i, text] of prompts.entries()) {
    const seed = fields.seed === undefined ? undefined : fields.seed + i * repeat;
    const generations = await generateRepeated(context, [...system, { role: 'user', content: text }], sampling, seed, repeat);
    content.push(...generations.map((g) => g.text));
  }
  return { content };
}

/** POST /v1/chat/completions: OpenAI-shaped; repeat_prompt choices (as the reference), n = 1 only. */
async function chatCompletions(context: RouteContext): Promise<object> {
  const request = parse(P.chatRequest, context.body);
  const { served } = context;
  const sampling = samplingFrom(served.model.defaults, {
    temperature: request.temperature,
    top_p: request.top_p,
    top_k: request.top_k,
    max_new_tokens: request.max_tokens,
    stop: typeof request.stop === 'string' ? [request.stop] : request.stop,
  });
  const generations = await generateRepeated(context, request.messages, sampling, request.seed, request.repeat_prompt ?? 1);
  const promptTokens = generations.reduce((a, g) => a + g.promptTokens, 0);
  const completionTokens = generations.reduce((a, g) => a + g.completionTokens, 0);
  return {
    id: 'chatcmpl-local',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: served.model.name,
    choices: generations.map((g, index) => ({ index, message: { role: 'assistant', content: g.text }, finish_reason: g.finishReason })),
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

async function init({ served, body }: RouteContext): Promise<P.InitResponse> {
  const { parameter_scope } = parse(P.initRequest, body);
  const previous = await served.init();
  const { size } = served.model.es;
  return { ok: true, parameter_scope, n_tensors: size.tensors, total_params: size.params, previous_state_reset: previous };
}

async function apply({ served, body }: RouteContext): Promise<P.ApplyResponse> {
  const { seed, sigma } = parse(P.perturbationRequest, body);
  const applied = await served.apply(seed, sigma);
  return { ok: true, seed, sigma, already_applied: !applied };
}

async function revert({ served, body }: RouteContext): Promise<P.RevertResponse> {
  const { seed, sigma } = parse(P.perturbationRequest, body);
  const reverted = await served.revert(seed, sigma);
  return { ok: true, seed, sigma, already_reverted: !reverted };
}

/**
 * POST /es/update: z = the rewards normalised server-side with the engine's own functions (or taken as they
 * are with 'none'), then theta += (alpha / N) sum z_i eps_i.
 */
async function update({ served, body }: RouteContext): Promise<P.UpdateResponse> {
  const request = parse(P.updateRequest, body);
  const { rewards } = request;
  const z = request.reward_normalization === 'none' ? rewards : normalise(rewards, request.reward_normalization);
  await served.update(request.seeds, z, request.alpha);
  return {
    ok: true,
    n: request.seeds.length,
    alpha: request.alpha,
    reward_mean: Math.fround(rewards.reduce((a, r) => a + r, 0) / rewards.length),
    reward_best: Math.max(...rewards),
    weight_norm: Math.fround(Math.hypot(...z)),
  };
}

async function reset({ served, body }: RouteContext): Promise<P.ResetResponse> {
  parse(P.emptyRequest, body);
  return served.reset();
}

async function status({ served }: RouteContext): Promise<P.StatusResponse> {
  const { model, initialized } = served;
  const { defaults } = model;
  return {
    ok: true,
    initialized,
    parameter_scope: initialized ? 'full' : null,
    n_tensors: initialized ? model.es.size.tensors : 0,
    total_params: initialized ? model.es.size.params : 0,
    update_history: served.updates,
    active_perturbation: served.applied,
    model: model.name,
    weights_fingerprint: await model.es.fingerprint(),
    base_fingerprint: served.baseFingerprint,
    noise: model.es.noise,
    ahd_prompt_style: model.promptStyle,
    sampling_defaults: {
      temperature: defaults.temperature,
      top_p: defaults.topP,
      top_k: defaults.topK,
      max_new_tokens: defaults.maxNewTokens,
    },
  };
}

/** Path -> route. Every route is POST; /es/status also answers GET. */
export const ROUTES: Readonly<Record<string, Route>> = {
  '/completions': completions,
  '/v1/chat/completions': chatCompletions,
  '/es/init': init,
  '/es/apply': apply,
  '/es/revert': revert,
  '/es/update': update,
  '/es/reset': reset,
  '/es/status': status,
};
