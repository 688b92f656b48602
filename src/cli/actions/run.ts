import { availableParallelism } from 'node:os';
import { setMaxListeners } from 'node:events';
import { resolve } from 'node:path';
import { getProblem } from '../../../problems/index.ts';
import { getScaffold } from '../../../scaffolds/index.ts';
import { runSearch } from '../../engine/run.ts';
import { finishRun, type RunSummary } from '../../engine/summary.ts';
import { AhdError, ErrorCode, usageError } from '../../errors.ts';
import { assertEsSupported } from '../../llm/backends.ts';
import { isDefaultScope } from '../../es/scope.ts';
import { createEsServerModel } from '../../llm/es-server/client.ts';
import { loadOnnxModel } from '../../llm/onnx/index.ts';
import { createOpenAiModel } from '../../llm/openai.ts';
import type { LanguageModel } from '../../llm/types.ts';
import { SandboxPool } from '../../sandbox/pool.ts';
import { parseOptions } from '../parse-options.ts';
import { ProgressLine } from '../run-progress.ts';
import {
  bundledModelDir,
  resolveRunSettings,
  runFlagsSchema,
  type RunSettings,
} from '../run-settings.ts';

/**
 * Validates the flags, runs (or resumes) the search, evaluates the best heuristic on the test splits and prints
 * the result (with --json: the summary as the last stdout line).
 */
export async function runFromFlags(raw: unknown): Promise<void> {
  const settings = resolveRunSettings(parseOptions(runFlagsSchema, raw));
  const problem = getProblem(settings.problem);
  const scaffold = getScaffold(settings.scaffold);
  scaffold.generations(settings.budget);
  if (settings.es) assertEsSupported(settings.backend);

  const started = Date.now();
  const controller = new AbortController();
  // Every in-flight generation and evaluation listens to this one signal.
  setMaxListeners(Infinity, controller.signal);
  const interrupt = () => controller.abort(new AhdError(ErrorCode.Run, `interrupted; continue with: ahd run --resume --out ${settings.dir}`));
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const progress = new ProgressLine(problem);
  const { model, source } = await openModel(settings);
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
      llm: { backend: settings.backend, source },
      sampling: settings.sampling(model.defaults),
      evaluator: pool,
      evaluationConcurrency: pool.threads,
      signal: controller.signal,
      onProgress: (p) => progress.update(p),
    });
    progress.stop();
    // A resumed run that had already ended carries its stored summary: nothing is evaluated again.
    if (!settings.json && !result.summary) process.stderr.write('evaluating the best heuristic on the test splits...\n');
    const summary = await finishRun(problem, result, pool, (Date.now() - started) / 1000, controller.signal);
    process.stdout.write(settings.json ? `${JSON.stringify(summary)}\n` : humanSummary(summary));
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    progress.stop();
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
    await Promise.allSettled([model.close(), pool.close()]);
  }
}

/** Opens the backend; `source` is what config.json records (absolute model dir, or the endpoints). */
async function openModel(settings: RunSettings): Promise<{ model: LanguageModel; source: string }> {
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
      const model = createOpenAiModel({ baseUrl: settings.endpoints[0], model: settings.modelName, concurrency: settings.replicas });
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

function humanSummary(summary: RunSummary): string {
  const test = Object.entries(summary.best.test)
    .map(([split, mean]) => `${split} ${mean ?? 'no valid instance'}`)
    .join(', ');
  return (
    `best objective: train ${summary.best.objective}; test ${test}\n` +
    `samples ${summary.samples} (valid ${summary.valid}) in ${summary.seconds.toFixed(0)} s\n` +
    `run dir: ${summary.runDir}\n`
  );
}
