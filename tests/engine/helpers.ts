import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
/** Shared setup for engine tests: temp run dirs, running a scaffold on the doubles, normalised event logs. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getProblem } from '../../src/problems/index.ts';
import { getScaffold } from '../../src/scaffolds/index.ts';
import { REFERENCE_ES, type EsParams } from '../../src/es/optimizer.ts';
import { runSearch, type RunResult } from '../../src/engine/run.ts';
import type { Evaluator, RunProgress } from '../../src/engine/session.ts';
import { ScriptedModel, TEST_SAMPLING, nativeEvaluator } from './doubles.ts';

export function tempDir(prefix = 'ahd-engine-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface TestRun {
  readonly scaffold: 'eoh' | 'sample';
  readonly budget: number;
  readonly es?: boolean;
  readonly seed?: number;
  readonly dir: string;
  readonly resume?: boolean;
  readonly model?: ScriptedModel;
  readonly evaluator?: Evaluator;
  readonly signal?: AbortSignal;
  readonly esDiagnostics?: boolean;
  /** ES settings with --es (default: the reference's). */
  readonly esParams?: EsParams;
  readonly onProgress?: (progress: RunProgress) => void;
}

export function runTest(run: TestRun): Promise<RunResult> {
  const model = run.model ?? new ScriptedModel({ es: run.es });
  return runSearch({
    problem: getProblem('tsp50'),
    scaffold: getScaffold(run.scaffold),
    budget: run.budget,
    seed: run.seed ?? 2024,
    // The engine's mechanics are checked against the reference's ES settings (the CLI default may differ).
    es: run.es ? (run.esParams ?? REFERENCE_ES) : undefined,
    dir: run.dir,
    resume: run.resume ?? false,
    model,
    llm: { backend: 'scripted', source: 'tests' },
    sampling: TEST_SAMPLING,
    evaluator: run.evaluator ?? nativeEvaluator(),
    evaluationConcurrency: 1,
    signal: run.signal,
    esDiagnostics: run.esDiagnostics,
    onProgress: run.onProgress,
  });
}

/** Reads events.jsonl without timing fields, sorted, so runs can be compared regardless of scheduling. */
export function normalisedEvents(dir: string, options: { dropStarts?: boolean } = {}): string[] {
  return readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((event) => !(options.dropStarts && event.type === 'start'))
    .map((event) => JSON.stringify(event, (key, value) => (key === 'at' || key === 'ms' ? undefined : value)))
    .sort();
}

export function readEventObjects(dir: string): Array<Record<string, any>> {
  return readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * An OpenAI-compatible chat server on loopback that answers `answer(seed)` (the request's sampler seed), for
 * runs through `--llm openai` in tests. `onRequest` sees each request before it is answered.
 */
export async function scriptedOpenAiServer(
  answer: (seed: number) => string,
  onRequest: () => void = () => {},
): Promise<{ readonly endpoint: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    // Like a real server, anything but a completion request gets a 404 (ahd run checks the endpoint answers).
    if (req.method !== 'POST') {
      res.statusCode = 404;
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { seed } = JSON.parse(body) as { seed: number };
      onRequest();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { content: answer(seed) }, finish_reason: 'stop' }], usage: {} }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
