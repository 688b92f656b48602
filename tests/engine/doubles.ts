/**
 * Test doubles for the engine: a scripted language model whose answers are a pure function of the request
 * (sampler seed, perturbation, current weights), an ES handle over a tiny weight vector, and an evaluator
 * that runs the (trusted, scripted) heuristics natively on a few instances. Tests only.
 */
import { getProblem } from '../../src/problems/index.ts';
import type { EsHandle, GenerateRequest, Generation, LanguageModel, SamplingOptions } from '../../src/llm/types.ts';
import type { EvalRequest, Outcome } from '../../src/sandbox/types.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';
import { createRng, hash32 } from '../../src/ground/rng.ts';
import { AHD_NOISE } from '../../src/ground/noise-id.ts';
import type { Evaluator } from '../../src/engine/session.ts';

export const TEST_SAMPLING: SamplingOptions = { temperature: 1, topP: 0.98, topK: 0, maxNewTokens: 768, stop: [] };

/** A weight vector that updates like the real ES backends (theta += alpha/N sum z_i eps_i). */
export class TinyEs implements EsHandle {
  readonly weights = new Float64Array(8);
  readonly size = { tensors: 1, params: 8 };
  readonly noise = AHD_NOISE;
  updates = 0;

  async update(seeds: readonly number[], z: readonly number[], alpha: number): Promise<number | undefined> {
    seeds.forEach((seed, i) => {
      const rng = createRng(seed);
      for (let j = 0; j < this.weights.length; j++) this.weights[j] += (alpha / seeds.length) * z[i] * (rng.next() - 0.5);
    });
    this.updates++;
    return undefined;
  }

  async fingerprint(): Promise<string> {
    return hash32(Array.from(this.weights, (w) => w.toExponential(12)).join(',')).toString(16);
  }
}

export interface ScriptedModelOptions {
  readonly es?: boolean;
  readonly parallelism?: number;
  /** Abort this controller once this many requests were answered (an interrupted run). */
  readonly abortAfter?: { readonly calls: number; readonly controller: AbortController };
}

/** TSP next-node heuristic `distance + a * distance-to-destination`, or broken answers now and then. */
export function scriptedAnswer(rng: ReturnType<typeof createRng>): string {
  const roll = rng.next();
  if (roll < 0.08) return 'Sorry, I have no idea.';
  const a = (rng.int(2000) / 1000 - 0.5).toFixed(3);
  const body = roll < 0.16 ? 'return -1;' : 'return best;';
  return [
    `{Choose the unvisited node minimising the distance plus ${a} times its distance to the destination.}`,
    '```javascript',
    'function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {',
    '  let best = unvisitedNodes[0];',
    '  let bestScore = Infinity;',
    '  for (const node of unvisitedNodes) {',
    `    const score = distanceMatrix[currentNode][node] + ${a} * distanceMatrix[node][destinationNode];`,
    '    if (score < bestScore) { bestScore = score; best = node; }',
    '  }',
    `  ${body}`,
    '}',
    '```',
  ].join('\n');
}

export class ScriptedModel implements LanguageModel {
  readonly name = 'scripted';
  readonly promptStyle = 'compact' as const;
  readonly parallelism: number;
  readonly defaults = TEST_SAMPLING;
  readonly es?: TinyEs;
  readonly requests: GenerateRequest[] = [];
  readonly #abortAfter?: ScriptedModelOptions['abortAfter'];

  constructor(options: ScriptedModelOptions = {}) {
    this.parallelism = options.parallelism ?? 3;
    this.es = options.es ? new TinyEs() : undefined;
    this.#abortAfter = options.abortAfter;
  }

  async generate(request: GenerateRequest): Promise<Generation> {
    const weights = this.es ? await this.es.fingerprint() : '';
    const rng = createRng(`${request.seed}:${request.perturbation?.seed ?? '-'}:${request.perturbation?.sigma ?? 0}:${weights}`);
    // Answers finish out of order, as concurrent replicas do.
    await new Promise((resolve) => setTimeout(resolve, rng.int(4)));
    if (request.signal?.aborted) throw request.signal.reason;
    this.requests.push(request);
    const text = scriptedAnswer(rng);
    if (this.#abortAfter && this.requests.length >= this.#abortAfter.calls) this.#abortAfter.controller.abort(new Error('interrupted'));
    return { text, promptTokens: 10, completionTokens: 20, finishReason: 'stop', ms: 1 };
  }

  async close(): Promise<void> {}
}

/** Evaluates scripted heuristics natively on the first few instances of a split (trusted code only). */
export function nativeEvaluator(instances = 6): Evaluator & { calls: EvalRequest[] } {
  const calls: EvalRequest[] = [];
  return {
    calls,
    async evaluate(request: EvalRequest, signal?: AbortSignal): Promise<Outcome> {
      if (signal?.aborted) throw signal.reason;
      calls.push(request);
      return evaluateNative(getProblem(request.problem), request.split, request.code, { seed: request.seed, instances });
    },
  };
}
