/**
 * The run directory, owned here: its layout (layout.ts), config.json (config.ts, in the shape of config/stored.ts),
 * creation and the resume check (layout.ts), summary.json and the seed its test scores used (summary-file.ts), the
 * read-only reader a report uses (read-run.ts), the finished runs a table collects (finished-runs.ts), best.js and
 * the best heuristic export shows (best-file.ts), history.json as replay, probe and a warm start read it
 * (history-file.ts), and where all their readers find a run's files, on disk or in a study's runs.zip
 * (run-source.ts). Writers of its files: the engine through these paths, always atomically.
 */
export { loadRunDirProblem, readRunConfig, tryReadRunConfig } from './config.ts';
export { findFinishedRuns, finishedRunsIn, readFinishedRun, refuseOtherMethods, type FinishedRun } from './finished-runs.ts';
export { bestSource, readRunBest, type RunBest } from './best-file.ts';
export { readRunHistory } from './history-file.ts';
export { checkResumeConfig, createRunDir, lastSnapshot, runPaths, type RunPaths, type Snapshot } from './layout.ts';
export { readRun, type RunData, type UpdateRecord } from './read-run.ts';
export { evalSeedOf, readRunSummary, storedSummary, type RunSummary } from './summary-file.ts';
