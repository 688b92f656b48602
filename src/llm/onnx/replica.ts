import { AhdError, ErrorCode } from '../../errors.ts';
import type { WeightLayout } from '../../es/types.ts';
import type { EsScope } from '../../es/scope.ts';
import { WeightsEs } from '../../es/weights-es.ts';
import { type ChatTemplate, type TokenizerConfig, createChatTemplate } from '../chat-template.ts';
import { type TextTokenizer, createTokenizer } from '../tokenizer.ts';
import type { Generation, GenerateRequest } from '../types.ts';
import { CausalLm } from './causal-lm.ts';
import { checkSampling, decodeBatch } from './generate.ts';
import { createSession } from './ort.ts';
import type { CausalLmSignature } from './signature.ts';

/**
 * One model replica: a session, its own copy of the weights, tokenizer and chat template. It serves one
 * request at a time; a perturbed request adds sigma*eps(seed) to the weights, generates, and subtracts it
 * again (WeightsEs: exact, so replicas stay bit-identical), and weight updates are refused while that
 * perturbation is live. Runs inside a replica worker.
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
  /** What ES moves and its sigma unit (scope.ts): part of the model as the run opened it. */
  readonly esScope: EsScope;
}

/** A request as it crosses the thread boundary (the abort signal stays behind). */
export type ReplicaRequest = Omit<GenerateRequest, 'signal'>;

export class Replica {
  readonly #lm: CausalLm;
  readonly #es: WeightsEs;
  readonly #tokenizer: TextTokenizer;
  readonly #template: ChatTemplate;
  readonly #spec: ReplicaSpec;

  private constructor(spec: ReplicaSpec, lm: CausalLm, es: WeightsEs, tokenizer: TextTokenizer, template: ChatTemplate) {
    this.#spec = spec;
    this.#lm = lm;
    this.#es = es;
    this.#tokenizer = tokenizer;
    this.#template = template;
  }

  /**
   * `weights` becomes this replica's own buffer (the caller hands it over); it is rounded onto the ES grid
   * once, identically on every replica.
   */
  static async create(spec: ReplicaSpec, weights: Float32Array): Promise<Replica> {
    if (weights.length !== spec.layout.totalLength) {
      throw new AhdError(ErrorCode.Internal, `replica weights hold ${weights.length} floats, layout needs ${spec.layout.totalLength}`);
    }
    const tokenizer = createTokenizer(spec.tokenizerJson, spec.tokenizerConfig, spec.name);
    const template = createChatTemplate(spec.tokenizerConfig, spec.name);
    const es = new WeightsEs(weights, spec.layout, spec.esScope);
    const session = await createSession(spec.modelBytes, spec.threads, spec.name);
    return new Replica(spec, new CausalLm(session, spec.signature, spec.layout, weights), es, tokenizer, template);
  }

  generate(request: ReplicaRequest, checkCancelled?: () => void): Promise<Generation> {
    return this.generateBatch([request], checkCancelled).then(([generation]) => generation);
  }

  /**
   * Generates the requests' answers in one batch (in request order). They must share their weights: all
   * unperturbed, or all with the same perturbation.
   */
  async generateBatch(requests: readonly ReplicaRequest[], checkCancelled: () => void = () => {}): Promise<Generation[]> {
    if (requests.length === 0) return [];
    const perturbation = requests[0].perturbation;
    const key = (r: ReplicaRequest) => (r.perturbation ? `${r.perturbation.seed}:${r.perturbation.sigma}` : '');
    if (requests.some((r) => key(r) !== key(requests[0]))) {
      throw new AhdError(ErrorCode.Usage, 'a batch mixes requests with different weights (perturbations)');
    }
    for (const request of requests) checkSampling(request.sampling);
    const started = performance.now();
    const prompts = requests.map((r) => this.#tokenizer.encode(this.#template(r.messages)));
    const run = () =>
      decodeBatch(
        this.#lm,
        this.#tokenizer,
        requests.map((request, i) => ({
          promptIds: prompts[i],
          sampling: request.sampling,
          seed: request.seed,
          stopTokenIds: this.#spec.stopTokenIds,
          maxPositions: this.#spec.maxPositions,
          checkCancelled,
          ...(request.numbersOf !== undefined && { numbersOf: request.numbersOf }),
        })),
      );
    const decoded = perturbation ? await this.#withPerturbation(perturbation, run) : await run();
    const ms = performance.now() - started;
    return decoded.map((d, i) => ({ ...d, promptTokens: prompts[i].length, ms }));
  }

  async #withPerturbation<T>({ seed, sigma }: { seed: number; sigma: number }, run: () => Promise<T>): Promise<T> {
    this.#es.perturb(seed, sigma);
    try {
      return await run();
    } finally {
      this.#es.restore(seed, sigma);
    }
  }

  /** theta += (alpha / N) * sum_i z_i * eps(seeds_i); refused while a perturbation is active. */
  update(seeds: readonly number[], z: readonly number[], alpha: number): number {
    return this.#es.update(seeds, z, alpha);
  }

  /**
   * Makes theta + sigma * eps(seed) the live weights until restore(seed, sigma): the ES model server's
   * /es/apply and /es/revert. Same WeightsEs rules: one active perturbation, updates refused meanwhile.
   */
  perturb(seed: number, sigma: number): void {
    this.#es.perturb(seed, sigma);
  }

  restore(seed: number, sigma: number): void {
    this.#es.restore(seed, sigma);
  }

  fingerprint(): string {
    return this.#es.fingerprint();
  }

  release(): Promise<void> {
    return this.#lm.release();
  }
}
