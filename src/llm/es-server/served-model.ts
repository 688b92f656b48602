import { AhdError, ErrorCode } from '../../errors.ts';
import { loadOnnxModel, type OnnxModel } from '../onnx/index.ts';
import type { Perturbation } from '../../es/types.ts';

/**
 * The ES state of `ahd serve`, with the reference server's rules: /es/init starts ES (and resets a used
 * server), at most one applied perturbation (applying the same one again, or reverting when none is applied, is
 * a no-op, so a retried request is harmless), updates refused while one is applied. One onnx replica; callers
 * serialise the calls (the server runs one request at a time).
 *
 * Reset is exact by construction: the model is loaded again from its directory, which puts the base weights on
 * the ES grid exactly as at start-up (checked against the base fingerprint). Undoing updates in reverse order, as
 * the reference does, would be exact only while every weight stayed inside its tensor's exact range.
 */
export interface ResetSummary {
  readonly ok: true;
  readonly reverted_updates: number;
  readonly reverted_perturbation: Perturbation | null;
}

export class ServedModel {
  readonly dir: string;
  readonly #threads: number;
  readonly baseFingerprint: string;
  #model: OnnxModel;
  #initialized = false;
  #applied: Perturbation | null = null;
  #updates = 0;

  private constructor(dir: string, threads: number, model: OnnxModel, baseFingerprint: string) {
    this.dir = dir;
    this.#threads = threads;
    this.#model = model;
    this.baseFingerprint = baseFingerprint;
  }

  static async load(dir: string, threads: number): Promise<ServedModel> {
    const model = await loadOnnxModel(dir, { replicas: 1, threadsPerReplica: threads });
    return new ServedModel(dir, threads, model, await model.es.fingerprint());
  }

  get model(): OnnxModel {
    return this.#model;
  }

  get initialized(): boolean {
    return this.#initialized;
  }

  get applied(): Perturbation | null {
    return this.#applied;
  }

  get updates(): number {
    return this.#updates;
  }

  /** Starts ES; on a server that was already initialised, resets it first and returns what that undid. */
  async init(): Promise<ResetSummary | null> {
    const previous = this.#initialized ? await this.reset() : null;
    this.#initialized = true;
    return previous;
  }

  /** Back to the base weights with nothing applied. */
  async reset(): Promise<ResetSummary> {
    this.#requireInit();
    const summary: ResetSummary = { ok: true, reverted_updates: this.#updates, reverted_perturbation: this.#applied };
    if (this.#applied === null && this.#updates === 0) return summary;
    const fresh = await loadOnnxModel(this.dir, { replicas: 1, threadsPerReplica: this.#threads });
    const print = await fresh.es.fingerprint();
    if (print !== this.baseFingerprint) {
      await fresh.close();
      throw new AhdError(ErrorCode.Model, `${this.dir} changed since the server started (weights ${print}, served ${this.baseFingerprint})`, {
        context: { status: 500 },
      });
    }
    const old = this.#model;
    this.#model = fresh;
    this.#applied = null;
    this.#updates = 0;
    await old.close();
    return summary;
  }

  /** Returns false when this very perturbation was already applied (nothing done). */
  async apply(seed: number, sigma: number): Promise<boolean> {
    this.#requireInit();
    const active = this.#applied;
    if (active?.seed === seed && active.sigma === sigma) return false;
    if (active) throw conflict(`cannot apply seed ${seed} sigma ${sigma}: seed ${active.seed} sigma ${active.sigma} is still applied`);
    await this.#model.es.perturb(seed, sigma);
    this.#applied = { seed, sigma };
    return true;
  }

  /** Returns false when no perturbation was applied (nothing done). */
  async revert(seed: number, sigma: number): Promise<boolean> {
    this.#requireInit();
    const active = this.#applied;
    if (!active) return false;
    if (active.seed !== seed || active.sigma !== sigma) {
      throw conflict(`cannot revert seed ${seed} sigma ${sigma}: seed ${active.seed} sigma ${active.sigma} is applied`);
    }
    await this.#model.es.restore(seed, sigma);
    this.#applied = null;
    return true;
  }

  /** theta += (alpha / N) * sum_i z_i * eps(seeds_i). */
  async update(seeds: readonly number[], z: readonly number[], alpha: number): Promise<void> {
    this.#requireInit();
    if (this.#applied) {
      throw conflict(`update refused while perturbation seed ${this.#applied.seed} is applied; revert it first`);
    }
    await this.#model.es.update(seeds, z, alpha);
    this.#updates += 1;
  }

  close(): Promise<void> {
    return this.#model.close();
  }

  #requireInit(): void {
    if (!this.#initialized) throw conflict('ES is not initialised: POST /es/init first');
  }
}

/** A request the server's state does not allow now: HTTP 409. */
export const conflict = (message: string) => new AhdError(ErrorCode.Usage, message, { context: { status: 409 } });
