import { deriveSeed } from '../../ground/rng.ts';
import type { LoggedEvent } from '../events.ts';
import type { RunPaths } from './layout.ts';
import { hasRunFile, readRunJsonFile } from './run-source.ts';

/** The sandbox seed a run evaluates with (search and test scores), from its run seed. */
export const evalSeedOf = (runSeed: number): number => deriveSeed(runSeed, 'eval');

/** The run summary: the last stdout line of `ahd run --json` and summary.json. Objectives in natural sign. */
export interface RunSummary {
  readonly problem: string;
  readonly scaffold: string;
  readonly es: boolean;
  readonly budget: number;
  /** Candidates generated (the initial EoH batch included). */
  readonly samples: number;
  /** Candidates that evaluated as valid. */
  readonly valid: number;
  readonly best: { readonly objective: number; readonly test: Readonly<Record<string, number | null>> };
  readonly runDir: string;
  /** Wall time of the run: this session's, plus the earlier sessions' of a resumed run (from the event log). */
  readonly seconds: number;
  /** Seed of the test-split evaluations: `ahd eval --seed <evalSeed>` reproduces best.test exactly. */
  readonly evalSeed?: number;
}

/**
 * The summary of a run that has ended (an 'end' event in its log, written after summary.json), or undefined.
 * `runDir` is where the run is now, in case the directory was moved.
 */
export function storedSummary(paths: RunPaths, events: readonly LoggedEvent[]): RunSummary | undefined {
  const summary = events.some((event) => event.type === 'end') ? readRunSummary(paths.dir) : undefined;
  return summary && { ...summary, runDir: paths.dir };
}

/** summary.json of a finished run on disk or packed in a study's runs.zip; undefined before the run has finished. */
export function readRunSummary(dir: string): RunSummary | undefined {
  return hasRunFile(dir, 'summary.json') ? readRunJsonFile<RunSummary>(dir, 'summary.json', 'summary.json') : undefined;
}
