import { expect } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { getScaffold } from '../../src/scaffolds/index.ts';
import { runSearch } from '../../src/engine/run.ts';
import { REFERENCE_ES } from '../../src/es/optimizer.ts';
import type { LanguageModel } from '../../src/llm/types.ts';
import { nativeEvaluator } from '../engine/doubles.ts';
import { tempDir } from '../engine/helpers.ts';
import { WeightsEs } from '../../src/es/weights-es.ts';
import { readModelWeights } from '../../src/llm/onnx/index.ts';
import { startEsServer, type EsServer } from '../../src/llm/es-server/server.ts';
import { FIXTURE } from './onnx-helpers.ts';

/** `ahd serve` in this process over the tiny fixture on a free port; its log lines are collected. */
export async function startFixtureServer(modelDir = FIXTURE): Promise<EsServer & { readonly lines: string[] }> {
  const lines: string[] = [];
  const server = await startEsServer({ modelDir, port: 0, log: (line) => lines.push(line) });
  return Object.assign(server, { lines });
}

/** POST (or another method) with a raw or JSON body; returns the status and the parsed JSON answer. */
export async function call(base: string, path: string, body?: unknown, method = 'POST'): Promise<{ status: number; json: any }> {
  const init: RequestInit = { method };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, json: await response.json() };
}

/** The fixture's weights in this thread, as the server's replica holds them (on the ES grid). */
export function inProcessWeights(modelDir = FIXTURE): WeightsEs {
  const { weights, layout } = readModelWeights(modelDir);
  return new WeightsEs(weights, layout);
}

/**
 * A Sample+ES run (tsp50, budget 20, seed 3, the reference's ES) on the untrained fixture through `model`, in a
 * fresh directory: the fixture writes noise, so nothing is valid and the run ends in an error after its update.
 * Returns the run directory (history.json and the event log are there).
 */
export async function fixtureEsRun(model: LanguageModel, backend: string): Promise<string> {
  const dir = tempDir();
  const search = runSearch({
    problem: getProblem('tsp50'),
    scaffold: getScaffold('sample'),
    budget: 20,
    seed: 3,
    es: REFERENCE_ES,
    dir,
    resume: false,
    model,
    llm: { backend, source: 'test' },
    sampling: { ...model.defaults, maxNewTokens: 8 },
    evaluator: nativeEvaluator(),
    evaluationConcurrency: 1,
  });
  await expect(search).rejects.toThrow(/no valid heuristic in 20 samples/);
  return dir;
}
