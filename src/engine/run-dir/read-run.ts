import { getProblem } from '../../problems/index.ts';
import type { Problem } from '../../problems/types.ts';
import { type LoggedEvent, type UpdateEvent, parseEvents } from '../events.ts';
import { runPaths, snapshotNames, type Snapshot } from './layout.ts';
import type { StoredRunConfig } from '../../config/stored.ts';
import { readRunConfig } from './config.ts';
import type { RunSummary } from './summary-file.ts';
import { type HistoryRecord, parseHistory } from '../../es/history.ts';
import { readRunFile, readRunJson } from './run-source.ts';

/** One ES update as the report shows it (from history.json, or from the event log when there is no history). */
export interface UpdateRecord {
  readonly update: number;
  readonly generation: number;
  readonly operator: string;
  readonly sigma: number;
  readonly alpha: number;
  readonly rewards: readonly number[];
  /** The update's statistics (absent in runs recorded before they were kept). */
  readonly stats?: HistoryRecord['stats'];
}

/** Everything a report reads from a run directory. Nothing here writes to the directory. */
export interface RunData {
  readonly dir: string;
  readonly config: StoredRunConfig;
  readonly problem: Problem;
  readonly events: readonly LoggedEvent[];
  /** Event-log lines that could not be read (a last line cut short by a kill, typically). */
  readonly unreadableLines: number;
  /** Population snapshots, by ascending generation. */
  readonly snapshots: readonly Snapshot[];
  readonly updates: readonly UpdateRecord[];
  readonly updatesFrom: 'history.json' | 'events.jsonl' | 'none';
  /** Present once the run finished (summary.json). */
  readonly summary?: RunSummary;
}

/**
 * Reads a run directory (on disk, or packed in a runs.zip above it) for a report, read-only and tolerant: a live or
 * killed run may have a last event line cut short, no summary yet, and (without --es) no history.json. A missing
 * directory or config is a usage error (readRunConfig).
 */
export function readRun(dir: string): RunData {
  const paths = runPaths(dir);
  const config = readRunConfig(dir);
  const problem = getProblem(config.problem);
  // Read-only: the report never repairs a log a live run may still be writing.
  const log = readRunFile(dir, 'events.jsonl');
  const parsed = log === undefined ? undefined : parseEvents(log);
  const events = parsed?.events ?? [];
  const unreadableLines = parsed ? parsed.corrupt.length + (parsed.cutShort ? 1 : 0) : 0;
  const { updates, updatesFrom } = readUpdates(readRunFile(dir, 'history.json'), paths.history, events);
  return {
    dir,
    config,
    problem,
    events,
    unreadableLines,
    snapshots: readSnapshots(dir),
    updates,
    updatesFrom,
    summary: readRunJson<RunSummary>(dir, 'summary.json'),
  };
}

function readSnapshots(dir: string): Snapshot[] {
  return snapshotNames(dir)
    .map((name) => readRunJson<Snapshot>(dir, `population/${name}`))
    .filter((s): s is Snapshot => s !== undefined && Number.isInteger(s.generation) && Array.isArray(s.population))
    .sort((a, b) => a.generation - b.generation);
}

/** ES updates: history.json is the record; the event log stands in when it is missing or unreadable. */
function readUpdates(history: string | undefined, historyPath: string, events: readonly LoggedEvent[]): Pick<RunData, 'updates' | 'updatesFrom'> {
  if (history !== undefined) {
    try {
      const updates = parseHistory(history, historyPath).records.map((r) => ({
        update: r.update_index,
        generation: r.generation,
        operator: r.operator,
        sigma: r.sigma,
        alpha: r.alpha,
        rewards: r.rewards,
        stats: r.stats,
      }));
      return { updates, updatesFrom: 'history.json' };
    } catch {
      // fall through to the event log
    }
  }
  const logged = events.filter((e): e is UpdateEvent & { at: string } => e.type === 'update');
  if (logged.length === 0) return { updates: [], updatesFrom: 'none' };
  const updates = logged.map((e) => ({
    update: e.update,
    generation: e.generation,
    operator: e.operator,
    sigma: e.sigma,
    alpha: e.alpha,
    rewards: e.rewards,
    stats: e.stats,
  }));
  return { updates, updatesFrom: 'events.jsonl' };
}
