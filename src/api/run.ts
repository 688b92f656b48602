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
import { assertEsSupported } from '../llm/backends.ts';
import { createEsServerModel } from '../llm/es-server/client.ts';
import { bundledModelDir } from '../llm/onnx/bundled-model.ts';
import { loadOnnxModel } from '../llm/onnx/index.ts';
import { createOpenAiModel } from '../llm/openai.ts';
import { networkCause, type RetryEvent } from '../llm/http/json-client.ts';
import type { LanguageModel } from '../llm/types.ts';
import { SandboxPool } from '../sandbox/pool.ts';
import { parseRunSpec, resolveRunSettings, type RunSettings, type RunSpec } from './run-spec.ts';

export interface RunHooks {
  /** Aborting stops the run where it is; it continues later with the same spec and `resume: true`. */
  readonly signal?: AbortSignal;
  /** Live figures, once per change: after every candidate counted and every generation ended. */
  readonly onProgress?: (progress: RunProgress) => void;
  /** Once the search is over, before the best heuristic is evaluated on the test splits. */
  readonly onSearchDone?: (resumedEndedRun: boolean) => void;
  /** A request to a model server failed and is retried (openai backend). */
  readonly onRetry?: (event: RetryEvent) => void;
  /** When the run directory and the problem are known (before anything is written). */
  readonly onStart?: (info: { readonly dir: string; readonly problem: Problem }) => void;
}

/**
 * The library's way to run a search: opens the model and the sandbox from the spec (the same document as
 * `ahd run --config`), runs or resumes the search in the run directory, evaluates the best heuristic on the
 * problem's test splits and returns the summary (natural sign). The CLI's `ahd run` is this plus printing.
 */
export async function run(spec: RunSpec, hooks: RunHooks = {}): Promise<RunSummary> {
  const settings = resolveRunSettings(parseRunSpec(spec));
  const problem = await loadProblem(settings.problem);
  const scaffold = getScaffold(settings.scaffold);
  scaffold.generations(settings.budget);
  if (settings.es) assertEsSupported(settings.backend);
  hooks.onStart?.({ dir: settings.dir, problem });

  const started = Date.now();
  const controller = new AbortController();
  // Every in-flight generation and evaluation listens to this one signal.
  setMaxListeners(Infinity, controller.signal);
  const stop = () => controller.abort(hooks.signal?.reason);
  hooks.signal?.addEventListener('abort', stop, { once: true });
  if (hooks.signal?.aborted) stop();
  const { model, source } = await openModel(settings, hooks);
  const pool = new SandboxPool({ threads: settings.threads });
  try {
    const result = await runSearch({
      problem,
      scaffold,
      budget: settings.budget,
      seed: settings.seed,
      es: settings.es,
      dir: settings.dir,
      resume: settings.resume,
      model,
      llm: { backend: settings.backend, source: settings.recordedSource ?? source },
      sampling: settings.sampling(model.defaults),
      evaluator: pool,
      evaluationConcurrency: pool.threads,
      signal: controller.signal,
      onProgress: hooks.onProgress,
      esDiagnostics: settings.esDiagnostics,
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

/** Opens the backend; `source` is what config.json records (absolute model dir, or the endpoints). */
async function openModel(settings: RunSettings, hooks: RunHooks): Promise<{ model: LanguageModel; source: string }> {
  switch (settings.backend) {
    case 'onnx': {
      const dir = resolve(settings.source ?? bundledModelDir());
      // Two replicas by default: batches of one operator call decode on both cores (results do not depend on it).
      const replicas = settings.replicas ?? Math.min(2, availableParallelism());
      const model = await loadOnnxModel(dir, { replicas, ...(settings.es && { esScope: settings.es.scope }) });
      return { model, source: dir };
    }
    case 'openai': {
      if (settings.endpoints.length !== 1) throw usageError('--llm openai needs exactly one --endpoint <url>');
      if (!settings.modelName) throw usageError('--llm openai needs --model <name> (the model the server serves)');
      // Before the run directory exists: an endpoint that cannot be reached is the user's to fix, now.
      await checkReachable(settings.endpoints[0]);
      const model = createOpenAiModel({ baseUrl: settings.endpoints[0], model: settings.modelName, concurrency: settings.replicas, onRetry: hooks.onRetry });
      return { model, source: settings.endpoints[0] };
    }
    case 'es-server': {
      if (settings.es && !isDefaultScope(settings.es.scope)) {
        throw usageError('--es-scope / --es-sigma-scale apply to the onnx backend; an ES server sets its parameter_scope itself');
      }
      if (settings.endpoints.length === 0) {
        throw usageError('--llm es-server needs --endpoint <url> (one per server: ahd serve, or another ES model server)');
      }
      const model = await createEsServerModel({ endpoints: settings.endpoints });
      return { model, source: settings.endpoints.join(' ') };
    }
  }
}


/** Fails at once, as a usage error, when nothing answers at the endpoint (any HTTP answer will do). */
async function checkReachable(endpoint: string): Promise<void> {
  try {
    await fetch(endpoint, { method: 'GET', signal: AbortSignal.timeout(5_000) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw usageError(`--endpoint ${endpoint}: cannot reach the server (${timedOut ? 'no answer in 5 s' : networkCause(error)})`);
  }
}
