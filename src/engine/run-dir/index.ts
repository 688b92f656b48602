/**
 * The run directory, owned here: its layout (layout.ts), config.json (config.ts), creation and the resume check
 * (layout.ts), the read-only reader a report uses (read-run.ts) and the finished runs a table collects
 * (finished-runs.ts). Writers of its files: the engine through these paths, always atomically.
 */
export { checkRunConfig, loadRunDirProblem, readRunConfig, tryReadRunConfig, type RunConfig } from './config.ts';
export { findFinishedRuns, readFinishedRun, type FinishedRun } from './finished-runs.ts';
export { checkResumeConfig, createRunDir, lastSnapshot, runPaths, type RunPaths, type Snapshot } from './layout.ts';
export { readRun, type RunData, type UpdateRecord } from './read-run.ts';
