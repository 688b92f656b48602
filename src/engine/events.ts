import type { HistoryRecord } from '../es/history.ts';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import type { OperatorId } from '../../scaffolds/prompts/types.ts';
import type { ChatMessage, Generation, Perturbation } from '../llm/types.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { ParseResult } from '../llm/parse.ts';
import { AhdError, ErrorCode } from '../errors.ts';

/** The parsed answer as the log keeps it: the parts, or why parsing failed. */
export type ParsedAnswer = ParseResult;

/** One model call for candidate `index` (attempt 0, then parse retries / regenerations). */
export interface GenerationEvent {
  readonly type: 'generation';
  readonly index: number;
  readonly attempt: number;
  readonly operator: OperatorId;
  readonly parents: readonly number[];
  readonly seed: number;
  readonly perturbation?: Perturbation;
  readonly messages: readonly ChatMessage[];
  readonly text: string;
  readonly promptTokens: Generation['promptTokens'];
  readonly completionTokens: Generation['completionTokens'];
  readonly finishReason: Generation['finishReason'];
  readonly ms: number;
  readonly parsed: ParsedAnswer;
}

/** The final outcome of candidate `index` (unparseable answers are 'invalid' without a sandbox call). */
export interface OutcomeEvent {
  readonly type: 'outcome';
  readonly index: number;
  readonly outcome: Outcome;
}

/** One applied ES weight update. */
export interface UpdateEvent {
  readonly type: 'update';
  readonly update: number;
  readonly generation: number;
  readonly operator: OperatorId;
  readonly seeds: readonly number[];
  /** Antithetic runs: +1 / -1 per seed. */
  readonly signs?: readonly number[];
  readonly rewards: readonly number[];
  readonly sigma: number;
  readonly alpha: number;
  /** false: recorded but not applied (sigma 0 with skipZeroSigmaUpdate); absent in older logs: applied. */
  readonly applied?: boolean;
  /** Fingerprint of the live weights after the update (a resume checks its rebuilt weights against it). */
  readonly fingerprint: string;
  /** The update's statistics (history.json stats); absent in older logs. */
  readonly stats?: HistoryRecord['stats'];
}

export interface SnapshotEvent {
  readonly type: 'snapshot';
  readonly generation: number;
  readonly total: number;
  readonly samples: number;
  readonly valid: number;
  /** Minimised objective of the best member, null while the population is empty. */
  readonly best: number | null;
}

/** A process started (or resumed) the run. */
export interface StartEvent {
  readonly type: 'start';
  readonly resumed: boolean;
}

export interface EndEvent {
  readonly type: 'end';
  readonly samples: number;
  readonly valid: number;
  readonly best: { readonly id: number; readonly objective: number };
  /** Natural-sign mean per test split (null: no valid instance). */
  readonly test: Readonly<Record<string, number | null>>;
}

export type RunEvent = GenerationEvent | OutcomeEvent | UpdateEvent | SnapshotEvent | StartEvent | EndEvent;
/** As stored: every line also carries the wall-clock time it was written. */
export type LoggedEvent = RunEvent & { readonly at: string };

/**
 * Reads events.jsonl. A last line cut short by a crash (no final newline) is dropped and cut off the file, so
 * appends continue on a clean line; a bad line anywhere else means the log is corrupt.
 */
export function readEvents(path: string): LoggedEvent[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const events: LoggedEvent[] = [];
  let goodBytes = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const last = i === lines.length - 1;
    if (line === '') continue;
    try {
      if (last) throw new Error('no newline');
      events.push(JSON.parse(line) as LoggedEvent);
      goodBytes += Buffer.byteLength(line, 'utf8') + 1;
    } catch {
      if (last) break;
      throw new AhdError(ErrorCode.Run, `${path}: line ${i + 1} is not valid JSON (corrupt event log)`);
    }
  }
  if (goodBytes < Buffer.byteLength(text, 'utf8')) truncateSync(path, goodBytes);
  return events;
}

/** Append-only event log; each line is flushed to disk before append returns. */
export class EventLog {
  readonly #fd: number;

  constructor(path: string) {
    this.#fd = openSync(path, 'a');
  }

  append(event: RunEvent): void {
    writeSync(this.#fd, `${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`);
    fsyncSync(this.#fd);
  }

  close(): void {
    closeSync(this.#fd);
  }
}
