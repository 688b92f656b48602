import type { Generation, GenerateRequest, LanguageModel } from '../llm/types.ts';

/**
 * Deterministic batches for one operator call on a backend that decodes several sequences per forward pass.
 *
 * Attempt `a` of every candidate of the call belongs to round `a`. A round is sent once every candidate still
 * generating has reached it, as chunks of at most `maxBatch` requests that share their weights (same
 * perturbation, or none), in candidate order. A batch's make-up therefore depends only on the candidates and
 * their earlier answers, never on timing or on the number of replicas, so a seed still gives one run. Answers
 * replayed from the event log take their place in the round too (without being awaited): a resumed run forms
 * the same batches as an uninterrupted one, and a chunk whose answers are all in the log is not run at all.
 */
interface Entry {
  readonly slot: number;
  readonly request: GenerateRequest;
  /** Absent for answers replayed from the log: the chunk runs for the others, this one's answer is not needed. */
  readonly resolve?: (generation: Generation) => void;
  readonly reject?: (error: unknown) => void;
}

type BatchingModel = LanguageModel & Required<Pick<LanguageModel, 'generateBatch' | 'maxBatch'>>;

export const canBatch = (model: LanguageModel): model is BatchingModel =>
  typeof model.generateBatch === 'function' && (model.maxBatch ?? 1) > 1;

export class RoundBatcher {
  readonly #model: BatchingModel;
  readonly #signal?: AbortSignal;
  /** Attempt each candidate (slot) has reached; Infinity once it has its answer. */
  readonly #reached: number[];
  readonly #rounds = new Map<number, Entry[]>();
  #nextRound = 0;

  constructor(model: BatchingModel, candidates: number, signal?: AbortSignal) {
    this.#model = model;
    this.#signal = signal;
    this.#reached = new Array<number>(candidates).fill(0);
  }

  /** Attempt `attempt` of candidate `slot`: resolves with the model's answer. */
  generate(slot: number, attempt: number, request: GenerateRequest): Promise<Generation> {
    return new Promise<Generation>((resolve, reject) => this.#enter(slot, attempt, { slot, request, resolve, reject }));
  }

  /** Attempt `attempt` of candidate `slot` was replayed from the log: it still counts in its round's batches. */
  replayed(slot: number, attempt: number, request: GenerateRequest): void {
    this.#enter(slot, attempt, { slot, request });
  }

  /** Candidate `slot` has its answer: no round waits for it any more. */
  finished(slot: number): void {
    this.#reached[slot] = Infinity;
    this.#flush();
  }

  #enter(slot: number, attempt: number, entry: Entry): void {
    const round = this.#rounds.get(attempt) ?? [];
    round.push(entry);
    this.#rounds.set(attempt, round);
    this.#reached[slot] = attempt + 1;
    this.#flush();
  }

  /** Sends every round that no candidate can still join. */
  #flush(): void {
    const lowest = Math.min(...this.#reached);
    while (this.#nextRound < lowest && this.#rounds.size > 0) {
      const round = this.#rounds.get(this.#nextRound) ?? [];
      this.#rounds.delete(this.#nextRound);
      this.#nextRound++;
      for (const chunk of chunks(round, this.#model.maxBatch)) this.#send(chunk);
    }
  }

  #send(chunk: readonly Entry[]): void {
    if (chunk.every((e) => !e.resolve)) return;
    this.#model.generateBatch(chunk.map((e) => e.request), this.#signal).then(
      (generations) => chunk.forEach((e, i) => e.resolve?.(generations[i])),
      (error: unknown) => chunk.forEach((e) => e.reject?.(error)),
    );
  }
}

/** A round's requests in candidate order, grouped by the weights they need, cut into chunks of `size`. */
function chunks(round: readonly Entry[], size: number): Entry[][] {
  const groups = new Map<string, Entry[]>();
  for (const entry of [...round].sort((a, b) => a.slot - b.slot)) {
    const p = entry.request.perturbation;
    const key = p ? `${p.seed}:${p.sigma}` : '';
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const out: Entry[][] = [];
  for (const group of groups.values()) {
    for (let i = 0; i < group.length; i += size) out.push(group.slice(i, i + size));
  }
  return out;
}
