import type { HistoryRecord } from '../es/history.ts';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import type { OperatorId } from '../core/types.ts';
import type { Perturbation } from '../es/types.ts';
import type { ChatMessage, Generation } from '../llm/types.ts';
import type { Outcome } from '../sandbox/types.ts';
import type { ParseResult } from '../extract/parse.ts';
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
 * The one parser of events.jsonl, read-only. Complete lines (newline-terminated) that parse are events; a last
 * line without its newline is a write cut short by a kill (`cutShort`); any other line that does not parse is
 * `corrupt` (its 1-based number). `completeBytes`: the length of the text up to the last complete line.
 */
export function parseEvents(text: string): { events: LoggedEvent[]; completeBytes: number; cutShort: boolean; corrupt: number[] } {
  const lines = text.split('\n');
  const events: LoggedEvent[] = [];
  const corrupt: number[] = [];
  let completeBytes = 0;
  let cutShort = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const last = i === lines.length - 1;
    if (last) {
      cutShort = line !== '';
      break;
    }
    completeBytes += Buffer.byteLength(line, 'utf8') + 1;
    if (line.trim() === '') continue;
    try {
      const event = JSON.parse(line) as LoggedEvent;
      if (event && typeof event === 'object' && typeof event.type === 'string') events.push(event);
      else corrupt.push(i + 1);
    } catch {
      corrupt.push(i + 1);
    }
  }
  return { events, completeBytes, cutShort, corrupt };
}

/** The events of a run's log, read-only; a corrupt line (not the cut-off last one) is an error. */
export function readEvents(path: string): LoggedEvent[] {
  if (!existsSync(path)) return [];
  const parsed = parseEvents(readFileSync(path, 'utf8'));
  if (parsed.corrupt.length > 0) throw new AhdError(ErrorCode.Run, `${path}: line ${parsed.corrupt[0]} is not valid JSON (corrupt event log)`);
  return parsed.events;
}

/**
 * Wall seconds of each session of a run, from its event log: a session runs from its 'start' event to the last
 * event it wrote (a session killed mid-generation loses the time since its last event). The last entry is the
 * session that is running now, as far as it has logged.
 */
export function sessionSeconds(events: readonly LoggedEvent[]): number[] {
  const sessions: number[] = [];
  let start: number | undefined;
  let last = 0;
  for (const event of events) {
    const at = Date.parse(event.at);
    if (event.type === 'start') {
      if (start !== undefined) sessions.push((last - start) / 1000);
      start = at;
    }
    last = at;
  }
  if (start !== undefined) sessions.push((last - start) / 1000);
  return sessions;
}

/**
 * The explicit repair step before a run appends to its log again (resume): drops a last line cut short by a
 * kill, so the next event starts on a line of its own. Returns whether anything was dropped.
 */
export function repairEventLog(path: string): boolean {
  if (!existsSync(path)) return false;
  const text = readFileSync(path, 'utf8');
  const { completeBytes, cutShort } = parseEvents(text);
  if (!cutShort) return false;
  truncateSync(path, completeBytes);
  return true;
}

/**
 * Append-only event log. Each line reaches the OS before append returns, which is all a killed process needs (kill
 * -9 loses nothing the kernel holds). Flushing to the disk itself is sync()'s: the run calls it at each population
 * snapshot and at close, not per event, because an fsync per event (two per sample) blocked the search's thread
 * for seconds per run on a shared disk. After a power loss the log may end before the last snapshot; resume then
 * regenerates the lost tail, which the seed makes the same.
 */
export class EventLog {
  readonly #fd: number;

  constructor(path: string) {
    this.#fd = openSync(path, 'a');
  }

  append(event: RunEvent): void {
    writeSync(this.#fd, `${JSON.stringify({ ...event, at: new Date().toISOString() })}\n`);
  }

  sync(): void {
    fsyncSync(this.#fd);
  }

  close(): void {
    this.sync();
    closeSync(this.#fd);
  }
}
