import { problemSource } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import type { LanguageModel, SamplingOptions } from '../llm/types.ts';
import { AhdError, ErrorCode, settingError } from '../errors.ts';
import { createEsStrategy } from '../es/optimizer.ts';
import { createEsSession, type EsSettings } from './es-session.ts';
import { warmStart } from './warm-start.ts';
import { EventLog, readEvents, repairEventLog, sessionSeconds } from './events.ts';
import { ReplayCache } from './replay-cache.ts';
import { storedConfig, type StoredRunConfig } from '../config/stored.ts';
import {
  checkResumeConfig,
  createRunDir,
  evalSeedOf,
  lastSnapshot,
  readRunConfig,
  runPaths,
  storedSummary,
  type RunPaths,
  type RunSummary,
} from './run-dir/index.ts';
import { writeJsonAtomic } from '../ground/json-files.ts';
import { RunSession, type Evaluator, type RunProgress } from './session.ts';
import { createRng, deriveSeed } from '../ground/rng.ts';
import type { Individual, M2Mode, Scaffold } from '../core/types.ts';

export interface RunOptions {
  readonly problem: Problem;
  readonly scaffold: Scaffold;
  readonly budget: number;
  readonly seed: number;
  /** How EoH's m2 writes a child (default free). */
  readonly m2?: M2Mode;
  /** ES settings, or undefined for a run with frozen weights. */
  readonly es?: EsSettings;
  readonly dir: string;
  readonly resume: boolean;
  readonly model: LanguageModel;
  /** How the model was reached (backend name, model dir or endpoint), recorded in config.json. */
  readonly llm: { readonly backend: string; readonly source: string };
  readonly sampling: SamplingOptions;
  readonly evaluator: Evaluator;
  /** Evaluations the evaluator runs at once (recorded in history.json). */
  readonly evaluationConcurrency: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: RunProgress) => void;
  /** ES diagnostics: the differ share of every update (costs one unperturbed generation per perturbed candidate). */
  readonly esDiagnostics?: boolean;
}

export interface RunResult {
  readonly dir: string;
  readonly config: StoredRunConfig;
  /** The final population, best first (never empty). */
  readonly population: readonly Individual[];
  readonly progress: RunProgress;
  /** Candidates whose outcome came from the event log of an earlier session. */
  readonly replayed: number;
  /** Wall seconds of the earlier sessions of a resumed run, from the event log (0 for a fresh run). */
  readonly earlierSeconds: number;
  /** A resumed run that had already ended: its stored summary (finishRun answers it as is). */
  readonly summary?: RunSummary;
}

/**
 * Runs (or resumes) a search in `options.dir`. A resume replays the scaffold from the start against the event
 * log: recorded answers and outcomes are reused, ES updates re-applied to the fresh weights, and the search
 * continues live where the log ends, so it finishes in the state an uninterrupted run reaches. A resume of a run
 * that has ended (summary written) replays nothing and carries the stored summary.
 */
export async function runSearch(options: RunOptions): Promise<RunResult> {
  const { problem, scaffold, budget, seed, model } = options;
  const totalGenerations = scaffold.generations(budget);
  if (options.es && !model.es) {
    throw settingError('es.enabled', `ES needs an ES-capable backend; ${options.llm.backend} serves frozen weights`);
  }
  if (options.m2 === 'numbers') checkNumbersOnly(model);
  const paths = runPaths(options.dir);
  // Before config.json is made: the run starts from (and records the fingerprint of) the tuned weights.
  if (options.es?.initFrom && model.es) await warmStart(model.es, options.es.scope, options.es.initFrom);
  const config = await runConfig(options);
  if (options.resume) {
    checkResumeConfig({ ...readRunConfig(options.dir) }, { ...config }, options.dir);
  } else {
    createRunDir(paths);
    writeJsonAtomic(paths.config, config);
  }
  repairEventLog(paths.events);
  const events = readEvents(paths.events);
  const cache = new ReplayCache(events);
  const earlierSeconds = sessionSeconds(events).reduce((a, b) => a + b, 0);
  if (options.resume) {
    const summary = storedSummary(paths, events);
    if (summary) return endedRun(paths, config, totalGenerations, summary, cache.outcomes, earlierSeconds);
  }
  const log = new EventLog(paths.events);
  try {
    log.append({ type: 'start', resumed: options.resume });
    const session = new RunSession({
      problem,
      promptStyle: model.promptStyle,
      m2: options.m2 ?? 'free',
      select: createRng(deriveSeed(seed, 'select')),
      generate: {
        model,
        sampling: options.sampling,
        llmSeed: deriveSeed(seed, 'llm'),
        fnName: problem.fnName,
        cache,
        log,
        signal: options.signal,
        ...(options.esDiagnostics && { firstTexts: new Map() }),
      },
      esDiagnostics: options.esDiagnostics,
      parallelism: model.parallelism,
      evaluator: options.evaluator,
      evalSeed: evalSeedOf(seed),
      cache,
      log,
      paths,
      totalGenerations,
      es:
        options.es && model.es && config.recorded.baseFingerprint
          ? createEsSession({
              handle: model.es,
              strategy: createEsStrategy(options.es),
              runSeed: seed,
              model: {
                base_fingerprint: config.recorded.baseFingerprint,
                n_tensors: model.es.size.tensors,
                total_params: model.es.size.params,
              },
              concurrency: {
                engines: model.parallelism,
                generation: model.parallelism,
                evaluation: options.evaluationConcurrency,
              },
              cache,
              log,
              paths,
              sense: problem.sense,
            })
          : undefined,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    const population = await scaffold.run(session, budget);
    if (population.length === 0) {
      throw new AhdError(ErrorCode.Run, `no valid heuristic in ${session.progress.samples} samples (see ${paths.events})`);
    }
    return { dir: options.dir, config, population, progress: session.progress, replayed: cache.outcomes, earlierSeconds };
  } finally {
    log.close();
  }
}

/**
 * A resume of a run that has ended: the last snapshot's population and the stored summary, without replaying the
 * search, evaluating the test splits again or appending to the log.
 */
function endedRun(
  paths: RunPaths,
  config: StoredRunConfig,
  totalGenerations: number,
  summary: RunSummary,
  replayed: number,
  earlierSeconds: number,
): RunResult {
  const snapshot = lastSnapshot(paths);
  if (!snapshot || snapshot.population.length === 0) {
    throw new AhdError(ErrorCode.Run, `${paths.dir}: the run has ended but its last population snapshot is missing`);
  }
  const progress: RunProgress = {
    generation: snapshot.generation,
    totalGenerations,
    samples: snapshot.samples,
    valid: snapshot.valid,
    best: snapshot.population[0].objective,
    fresh: 0,
  };
  return { dir: paths.dir, config, population: snapshot.population, progress, replayed, earlierSeconds, summary };
}

/**
 * Numbers-only m2 writes the parent's answer as the compact prompt format has the model write it, and decodes
 * in-process: it needs a backend that takes GenerateRequest.numbersOf and a model that answers in that format.
 */
function checkNumbersOnly(model: LanguageModel): void {
  if (!model.writesNumbersOnly) throw settingError('search.m2', 'numbers needs the onnx backend (it steers the decoding token by token)');
  if (model.promptStyle === 'reference') {
    throw settingError('search.m2', `numbers needs a model that answers in the compact format (the bundled models); ${model.name} uses the reference prompts`);
  }
}

async function runConfig(options: RunOptions): Promise<StoredRunConfig> {
  const { problem, scaffold, budget, seed, model, es } = options;
  return storedConfig({
    problem: problem.id,
    problemSource: problemSource(problem.id),
    scaffold: scaffold.id,
    budget,
    seed,
    m2: options.m2,
    es: es !== undefined,
    esParams: es,
    llm: options.llm,
    modelName: model.name,
    promptStyle: model.promptStyle,
    sampling: options.sampling,
    baseFingerprint: es && model.es ? await model.es.fingerprint() : undefined,
  });
}
