import { availableParallelism } from 'node:os';
import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { loadProblem } from '../problems/index.ts';
import type { Problem } from '../problems/types.ts';
import { getScaffold } from '../scaffolds/index.ts';
import { runSearch } from '../engine/run.ts';
import type { RunProgress } from '../engine/session.ts';
import { finishRun } from '../engine/finish-run.ts';
import type { RunSummary } from '../engine/run-dir/index.ts';
import { usageError } from '../errors.ts';
import { isDefaultScope } from '../es/scope.ts';
import { createEsServerModel } from '../llm/es-server/client.ts';
import { bundledModelDir } from '../llm/onnx/bundled-model.ts';
import { loadOnnxModel } from '../llm/onnx/index.ts';
import { createOpenAiModel } from '../llm/openai.ts';
import { networkCause, type RetryEvent } from '../llm/http/json-client.ts';
import type { LanguageModel } from '../llm/types.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import { parseDocument, settingName } from '../config/parse.ts';
import { resolveRunConfig, type ConfigLayer, type ResolvedRunConfig } from '../config/resolve.ts';
import type { ResumeRunConfig, RunConfig } from '../config/schema.ts';
import { readRunConfig } from '../engine/run-dir/index.ts';

export interface RunHooks {
  /** Aborting stops the run where it is; it continues later with the same spec and `resume: true`. */
  readonly signal?: AbortSignal;
  /** Live figures, once per change: after every candidate counted and every generation ended. */
  readonly onProgress?: (progress: RunProgress) => void;
  /** Once the search is over, before the best heuristic is evaluated on the test splits. */
  readonly onSearchDone?: (resumedEndedRun: boolean) => void;
  /** A request to a model server failed and is retried (openai backend). */
  readonly onRetry?: (event: RetryEvent) => void;
  /** When the run directory, the problem and every setting are known (before anything is written). */
  readonly onStart?: (info: { readonly dir: string; readonly problem: Problem; readonly config: ResolvedRunConfig }) => void;
}

/**
 * The library's way to run a search: opens the model and the sandbox from the run config (the same document as
 * `ahd run --config`), runs or resumes the search in the run directory, evaluates the best heuristic on the
 * problem's test splits and returns the summary (natural sign). Errors name settings by their path
 * (`search.budget: must be an integer from 20 to 1000000`).
 */
export async function run(config: RunConfig | ResumeRunConfig, hooks: RunHooks = {}): Promise<RunSummary> {
  return runLayers([{ document: parseDocument(config, { kind: 'library' }), source: { kind: 'library' } }], hooks);
}

/** Runs the config these layers make (defaults < config file < flags): `ahd run` is this plus printing. */
export async function runLayers(layers: readonly ConfigLayer[], hooks: RunHooks = {}): Promise<RunSummary> {
  const config = resolveRunConfig(layers, { readStored: readRunConfig });
  const { search, io } = config;
  const problem = await loadProblem(config.problem);
  const scaffold = getScaffold(search.scaffold);
  scaffold.generations(search.budget);
  hooks.onStart?.({ dir: io.out, problem, config });

  const started = Date.now();
  const controller = new AbortController();
  // Every in-flight generation and evaluation listens to this one signal.
  setMaxListeners(Infinity, controller.signal);
  const stop = () => controller.abort(hooks.signal?.reason);
  hooks.signal?.addEventListener('abort', stop, { once: true });
  if (hooks.signal?.aborted) stop();
  const { model, source } = await openModel(config, hooks);
  const pool = new SandboxPool({ threads: io.threads });
  try {
    const result = await runSearch({
      problem,
      scaffold,
      budget: search.budget,
      seed: search.seed,
      m2: search.m2,
      es: config.es,
      dir: io.out,
      resume: io.resume,
      model,
      llm: { backend: config.llm.backend, source },
      sampling: { ...model.defaults, ...config.sampling },
      evaluator: pool,
      evaluationConcurrency: pool.threads,
      signal: controller.signal,
      onProgress: hooks.onProgress,
      esDiagnostics: config.esDiagnostics,
    });
    // A resumed run that had already ended carries its stored summary: nothing is evaluated again.
    hooks.onSearchDone?.(result.summary !== undefined);
    return await finishRun(problem, result, pool, () => (Date.now() - started) / 1000, controller.signal);
  } catch (error) {
    throw controller.signal.aborted && controller.signal.reason !== undefined ? controller.signal.reason : error;
  } finally {
    hooks.signal?.removeEventListener('abort', stop);
    await Promise.allSettled([model.close(), pool.close()]);
  }
}

/** Opens the backend; `source` is what config.json records (the absolute model dir, or the endpoints). */
async function openModel(config: ResolvedRunConfig, hooks: RunHooks): Promise<{ model: LanguageModel; source: string }> {
  const { llm, io } = config;
  const name = (path: string) => settingName(config.source, path);
  switch (llm.backend) {
    case 'onnx': {
      // A moved model loads from its new place; config.json keeps the path it recorded.
      const recorded = resolve(llm.model ?? bundledModelDir());
      // Two replicas by default: batches of one operator call decode on both cores (results do not depend on it).
      const replicas = io.replicas ?? Math.min(2, availableParallelism());
      const model = await loadOnnxModel(config.loadModelFrom ?? recorded, { replicas, ...(config.es && { esScope: config.es.scope }) });
      return { model, source: recorded };
    }
    case 'openai': {
      if (llm.endpoint.length !== 1) throw usageError(`${name('llm.backend')} openai needs exactly one ${name('llm.endpoint')} <url>`);
      if (!llm.model) throw usageError(`${name('llm.backend')} openai needs ${name('llm.model')} <name> (the model the server serves)`);
      // Before the run directory exists: an endpoint that cannot be reached is the user's to fix, now.
      await checkReachable(llm.endpoint[0], name('llm.endpoint'));
      const model = createOpenAiModel({ baseUrl: llm.endpoint[0], model: llm.model, concurrency: io.replicas, onRetry: hooks.onRetry });
      return { model, source: llm.endpoint[0] };
    }
    case 'es-server': {
      if (config.es && !isDefaultScope(config.es.scope)) {
        throw usageError(`${name('es.scope.parameterScope')} / ${name('es.scope.sigmaScale')} apply to the onnx backend; an ES server sets its parameter_scope itself`);
      }
      if (llm.endpoint.length === 0) {
        throw usageError(`${name('llm.backend')} es-server needs ${name('llm.endpoint')} <url> (one per server: ahd serve, or another ES model server)`);
      }
      const model = await createEsServerModel({ endpoints: llm.endpoint });
      return { model, source: llm.endpoint.join(' ') };
    }
  }
}

/** Fails at once, as a usage error, when nothing answers at the endpoint (any HTTP answer will do). */
async function checkReachable(endpoint: string, setting: string): Promise<void> {
  try {
    await fetch(endpoint, { method: 'GET', signal: AbortSignal.timeout(5_000) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw usageError(`${setting} ${endpoint}: cannot reach the server (${timedOut ? 'no answer in 5 s' : networkCause(error)})`);
  }
}
