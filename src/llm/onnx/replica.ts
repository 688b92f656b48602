import { createHash } from 'node:crypto';
import { AhdError, ErrorCode } from '../../errors.ts';
import { addCombinedNoise, addNoise } from '../../es/noise.ts';
import type { WeightLayout } from '../../es/types.ts';
import { type ChatTemplate, type TokenizerConfig, createChatTemplate } from '../chat-template.ts';
import { type TextTokenizer, createTokenizer } from '../tokenizer.ts';
import type { Generation, GenerateRequest } from '../types.ts';
import { CausalLm } from './causal-lm.ts';
import { checkSampling, decode } from './generate.ts';
import { createSession } from './ort.ts';
import type { CausalLmSignature } from './signature.ts';

/**
 * One model replica: a session, its own copy of the weights, tokenizer and chat template. It serves one
 * request at a time; a perturbed request adds sigma*eps(seed) to the weights, generates, and subtracts it
 * again, and weight updates are refused while that perturbation is live. Runs inside a replica worker.
 */
export interface ReplicaSpec {
  readonly name: string;
  /** The model with its float weights lifted to inputs. */
  readonly modelBytes: Uint8Array;
  readonly signature: CausalLmSignature;
  readonly layout: WeightLayout;
  readonly stopTokenIds: readonly number[];
  readonly maxPositions: number;
  readonly tokenizerJson: object;
  readonly tokenizerConfig: TokenizerConfig;
  readonly threads: number;
}

/** A request as it crosses the thread boundary (the abort signal stays behind). */
export type ReplicaRequest = Omit<GenerateRequest, 'signal'>;

export class Replica {
  readonly #lm: CausalLm;
  readonly #weights: Float32Array;
  readonly #layout: WeightLayout;
  readonly #tokenizer: TextTokenizer;
  readonly #template: ChatTemplate;
  readonly #spec: ReplicaSpec;
  #perturbed = false;

  private constructor(spec: ReplicaSpec, lm: CausalLm, weights: Float32Array, tokenizer: TextTokenizer, template: ChatTemplate) {
    this.#spec = spec;
    this.#lm = lm;
    this.#weights = weights;
    this.#layout = spec.layout;
    this.#tokenizer = tokenizer;
    this.#template = template;
  }

  /** `weights` becomes this replica's own buffer (the caller hands it over). */
  static async create(spec: ReplicaSpec, weights: Float32Array): Promise<Replica> {
    if (weights.length !== spec.layout.totalLength) {
      throw new AhdError(ErrorCode.Internal, `replica weights hold ${weights.length} floats, layout needs ${spec.layout.totalLength}`);
    }
    const tokenizer = createTokenizer(spec.tokenizerJson, spec.tokenizerConfig, spec.name);
    const template = createChatTemplate(spec.tokenizerConfig, spec.name);
    const session = await createSession(spec.modelBytes, spec.threads, spec.name);
    return new Replica(spec, new CausalLm(session, spec.signature, spec.layout, weights), weights, tokenizer, template);
  }

  async generate(request: ReplicaRequest, checkCancelled: () => void = () => {}): Promise<Generation> {
    checkSampling(request.sampling);
    const started = performance.now();
    const promptIds = this.#tokenizer.encode(this.#template(request.messages));
    const run = () =>
      decode(this.#lm.startSequence(), this.#tokenizer, {
        promptIds,
        sampling: request.sampling,
        seed: request.seed,
        stopTokenIds: this.#spec.stopTokenIds,
        maxPositions: this.#spec.maxPositions,
        checkCancelled,
      });
    const decoded = request.perturbation ? await this.#withPerturbation(request.perturbation, run) : await run();
    return { ...decoded, promptTokens: promptIds.length, ms: performance.now() - started };
  }

  async #withPerturbation<T>({ seed, sigma }: { seed: number; sigma: number }, run: () => Promise<T>): Promise<T> {
    if (this.#perturbed) throw new AhdError(ErrorCode.Internal, 'a perturbation is already active on this replica');
    if (!Number.isFinite(sigma)) throw new AhdError(ErrorCode.Usage, `perturbation.sigma must be finite, got ${sigma}`);
    this.#perturbed = true;
    addNoise(this.#weights, this.#layout, seed, sigma);
    try {
      return await run();
    } finally {
      addNoise(this.#weights, this.#layout, seed, -sigma);
      this.#perturbed = false;
    }
  }

  /** theta += sum_i coeffs_i * eps(seeds_i). */
  update(seeds: readonly number[], coeffs: readonly number[]): void {
    if (this.#perturbed) throw new AhdError(ErrorCode.Internal, 'weight update refused: a perturbation is active');
    addCombinedNoise(this.#weights, this.#layout, seeds, coeffs);
  }

  /** SHA-256 of the weight bytes (hex, first 16 digits). */
  fingerprint(): string {
    const w = this.#weights;
    return createHash('sha256').update(new Uint8Array(w.buffer, w.byteOffset, w.byteLength)).digest('hex').slice(0, 16);
  }

  release(): Promise<void> {
    return this.#lm.release();
  }
}
