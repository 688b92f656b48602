import { z } from 'zod';
import type { NoiseId } from '../../ground/noise-id.ts';
import type { PromptStyle } from '../types.ts';

/**
 * The ES model server protocol (reference section 6), as `ahd serve` speaks it and the es-server backend uses
 * it: request bodies as zod schemas (unknown keys are ignored, as the reference's Flask server ignores them)
 * and response shapes. Additions to the reference are marked "ahd:".
 */

/** Noise seeds, as the reference draws them: randrange(0, 2^31 - 1). */
const noiseSeed = z.number().int().min(0).max(2 ** 31 - 2);
/** Sampler seeds: any non-negative integer up to 2^32 - 1 (the engine derives 32-bit seeds). */
const samplerSeed = z.number().int().min(0).max(2 ** 32 - 1);
const temperature = z.number().min(0);
const topP = z.number().gt(0).max(1);
const topK = z.number().int().min(0);
const maxTokens = z.number().int().min(1);

/** Sampling fields of /completions: in `params`, or at the top level (the reference accepts both). */
const completionParams = z.object({
  do_sample: z.boolean().optional(),
  temperature: temperature.optional(),
  top_p: topP.optional(),
  top_k: topK.optional(),
  max_new_tokens: maxTokens.optional(),
  /** ahd: the sampler seed (generation k of the request uses seed + k). */
  seed: samplerSeed.optional(),
  stop: z.array(z.string()).optional(),
  system_prompt: z.string().optional(),
  use_chat_template: z.literal(true, { message: 'only prompts through the chat template are served' }).optional(),
});

export const completionsRequest = completionParams.extend({
  prompt: z.union([z.string(), z.array(z.string()).min(1)]),
  repeat_prompt: z.number().int().min(1).max(64).optional(),
  max_tokens: maxTokens.optional(),
  params: completionParams.optional(),
});

export const chatRequest = z.object({
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1),
  temperature: temperature.optional(),
  top_p: topP.optional(),
  /** Not in OpenAI's API; vLLM accepts it and so does ahd. */
  top_k: topK.optional(),
  max_tokens: maxTokens.optional(),
  seed: samplerSeed.optional(),
  stop: z.union([z.string(), z.array(z.string())]).optional(),
  /** The reference's way of asking for several choices (n is not served). */
  repeat_prompt: z.number().int().min(1).max(64).optional(),
  n: z.literal(1, { message: 'only n = 1 is served (use repeat_prompt)' }).optional(),
  stream: z.literal(false, { message: 'streaming is not served' }).optional(),
});

export const initRequest = z.object({
  parameter_scope: z.literal('full', { message: "only 'full' is served (every float tensor of the model)" }).default('full'),
});

export const perturbationRequest = z.object({ seed: noiseSeed, sigma: z.number().min(0) });

export const updateRequest = z
  .object({
    seeds: z.array(noiseSeed).min(1),
    rewards: z.array(z.number()),
    alpha: z.number().min(0),
    /** 'none' (as the reference): `rewards` are the update weights z as they are. */
    reward_normalization: z.enum(['zscore', 'centered_rank', 'none']).default('zscore'),
    reward_normalization_ddof: z.literal(0, { message: 'only ddof 0 is served' }).default(0),
    reward_normalization_eps: z.literal(1e-8, { message: 'only eps 1e-8 is served' }).default(1e-8),
  })
  .refine((u) => u.seeds.length === u.rewards.length, { message: 'seeds and rewards must have the same length', path: ['rewards'] });

export const emptyRequest = z.object({});

export type CompletionsRequest = z.infer<typeof completionsRequest>;
export type ChatRequest = z.infer<typeof chatRequest>;
export type PerturbationRequest = z.infer<typeof perturbationRequest>;
export type UpdateRequest = z.input<typeof updateRequest>;

export interface CompletionsResponse {
  readonly content: readonly string[];
}

export interface ResetResponse {
  readonly ok: true;
  readonly reverted_updates: number;
  readonly reverted_perturbation: { readonly seed: number; readonly sigma: number } | null;
}

export interface InitResponse {
  readonly ok: true;
  readonly parameter_scope: 'full';
  readonly n_tensors: number;
  readonly total_params: number;
  /** null on the first init; what the reset undid on a server that was already initialised. */
  readonly previous_state_reset: ResetResponse | null;
}

export interface ApplyResponse {
  readonly ok: true;
  readonly seed: number;
  readonly sigma: number;
  readonly already_applied: boolean;
}

export interface RevertResponse {
  readonly ok: true;
  readonly seed: number;
  readonly sigma: number;
  readonly already_reverted: boolean;
}

export interface UpdateResponse {
  readonly ok: true;
  readonly n: number;
  readonly alpha: number;
  /** Mean (float32) and maximum of the rewards as sent. */
  readonly reward_mean: number;
  readonly reward_best: number;
  /** L2 norm of the update weights z (after normalisation). */
  readonly weight_norm: number;
}

export interface StatusResponse {
  readonly ok: true;
  readonly initialized: boolean;
  /** null, and sizes 0, before /es/init (as the reference). */
  readonly parameter_scope: 'full' | null;
  readonly n_tensors: number;
  readonly total_params: number;
  /** Updates applied since the base weights. */
  readonly update_history: number;
  readonly active_perturbation: { readonly seed: number; readonly sigma: number } | null;
  /**
   * ahd additions, absent from the reference's servers (the client then assumes the reference's noise, prompt
   * style and sampling): the model name, fingerprints of the live and the base weights, the noise the weights
   * move by (ground/noise-id.ts).
   */
  readonly model?: string;
  readonly weights_fingerprint?: string;
  readonly base_fingerprint?: string;
  readonly noise?: NoiseId;
  /** ahd: how prompts should be worded for this model (config.json's ahd_prompt_style). */
  readonly ahd_prompt_style?: PromptStyle;
  /** ahd: the model's sampling defaults (generation_config.json). */
  readonly sampling_defaults?: {
    readonly temperature: number;
    readonly top_p: number;
    readonly top_k: number;
    readonly max_new_tokens: number;
  };
}

export interface ErrorResponse {
  readonly ok: false;
  readonly error: string;
}
