import type { Perturbation } from '../es/types.ts';
import type { NoiseId } from '../ground/noise-id.ts';
/**
 * The one interface the engine uses to talk to language models (onnx in-process, openai HTTP, es-server).
 */
export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface SamplingOptions {
  readonly temperature: number; // 0 = greedy
  readonly topP: number; // 1 = off
  readonly topK: number; // 0 = off
  readonly maxNewTokens: number;
  readonly stop: readonly string[];
}

export interface GenerateRequest {
  readonly messages: readonly ChatMessage[];
  readonly sampling: SamplingOptions;
  /** Seed of the sampler: the same seed (and weights) gives the same text. */
  readonly seed: number;
  /** ES: generate from theta + sigma * eps(seed), then restore; only ES-capable backends accept it. */
  readonly perturbation?: Perturbation;
  /**
   * Numbers-only decoding: the answer is this text with each decimal literal written anew by the model
   * (sampling/number-template.ts); only backends that decode in-process (onnx) accept it.
   */
  readonly numbersOf?: string;
  readonly signal?: AbortSignal;
}

export interface Generation {
  readonly text: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly finishReason: 'stop' | 'length';
  readonly ms: number;
}

/** The ES side of a backend: the weight update is sent to every replica. */
export interface EsHandle {
  /**
   * theta += (alpha / N) * sum_i z_i * eps(seeds_i); refused while a perturbation is active. Resolves with the norm
   * of the step in weight space where the backend can tell (undefined otherwise).
   */
  update(seeds: readonly number[], z: readonly number[], alpha: number): Promise<number | undefined>;
  /** A cheap fingerprint of the live weights (for tests and history checks). */
  fingerprint(): Promise<string>;
  /** Size of the weights ES acts on: tensor count and parameters (history.json records them). */
  readonly size: { readonly tensors: number; readonly params: number };
  /** Which noise the weights move by (history.ts NOISE_IDS): a history replays only where the same noise is drawn. */
  readonly noise: NoiseId;
}

/**
 * How the scaffold should word prompts for this model: the reference's long prompts, or the compact format
 * (scaffolds/prompts/compact.ts) with the id-only header or with the function's signature in it.
 */
export const PROMPT_STYLES = ['reference', 'compact', 'compact-sig'] as const;
export type PromptStyle = (typeof PROMPT_STYLES)[number];

export interface LanguageModel {
  readonly name: string;
  readonly promptStyle: PromptStyle;
  /** How many requests it serves in parallel (replicas or HTTP concurrency). */
  readonly parallelism: number;
  /** Whether generate() takes GenerateRequest.numbersOf (numbers-only decoding). */
  readonly writesNumbersOnly?: boolean;
  /** Present on ES-capable backends only. */
  readonly es?: EsHandle;
  /** Sampling defaults of this model (model card / generation_config.json), overridable per run. */
  readonly defaults: SamplingOptions;
  generate(request: GenerateRequest): Promise<Generation>;
  /**
   * Backends that decode several sequences per forward pass: the requests (which share their weights: all
   * unperturbed, or one perturbation) as one batch, answers in request order. Batches are what the caller
   * passes, never formed by timing, so a seed still gives one run.
   */
  generateBatch?(requests: readonly GenerateRequest[], signal?: AbortSignal): Promise<Generation[]>;
  /** Most requests per generateBatch call. */
  readonly maxBatch?: number;
  close(): Promise<void>;
}
