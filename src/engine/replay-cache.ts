import type { Outcome } from '../sandbox/types.ts';
import type { GenerationEvent, LoggedEvent, UpdateEvent } from './events.ts';

/**
 * What a resumed run takes from its event log instead of redoing it: model answers by (candidate, attempt),
 * outcomes by candidate, ES updates (with the weights they led to) and which snapshots exist. The run loop
 * replays from the start against this cache, so the state it rebuilds is exactly the one the interrupted run had.
 */
export class ReplayCache {
  readonly #generations = new Map<string, GenerationEvent>();
  readonly #outcomes = new Map<number, Outcome>();
  readonly #updates = new Map<number, UpdateEvent>();
  readonly #snapshots = new Set<number>();

  constructor(events: readonly LoggedEvent[] = []) {
    for (const event of events) {
      if (event.type === 'generation') this.#generations.set(key(event.index, event.attempt), event);
      else if (event.type === 'outcome') this.#outcomes.set(event.index, event.outcome);
      else if (event.type === 'update') this.#updates.set(event.update, event);
      else if (event.type === 'snapshot') this.#snapshots.add(event.generation);
    }
  }

  generation(index: number, attempt: number): GenerationEvent | undefined {
    return this.#generations.get(key(index, attempt));
  }

  outcome(index: number): Outcome | undefined {
    return this.#outcomes.get(index);
  }

  update(update: number): UpdateEvent | undefined {
    return this.#updates.get(update);
  }

  hasSnapshot(generation: number): boolean {
    return this.#snapshots.has(generation);
  }

  /** Candidates with a recorded outcome (for the resume message). */
  get outcomes(): number {
    return this.#outcomes.size;
  }
}

const key = (index: number, attempt: number) => `${index}:${attempt}`;
