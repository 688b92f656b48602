import { createRng } from '../../ground/rng.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { logitsProcessors } from '../sampling/logits-processors.ts';
import { samplerFor } from '../sampling/sampler.ts';
import {
  type DecodeProgress,
  type FinishReason,
  contextCriterion,
  cutAtStopStrings,
  firstStop,
  maxTokensCriterion,
  stopStringCriterion,
  stopTokenCriterion,
} from '../sampling/stopping.ts';
import type { TextTokenizer } from '../tokenizer.ts';
import type { SamplingOptions } from '../types.ts';
import type { CausalLm } from './causal-lm.ts';

/**
 * The decoding loop: prefill the prompts, then forward one token per sequence at a time through the KV cache.
 * It only composes the pieces: logits processors, a seeded sampler and stopping criteria.
 */
export interface DecodeInput {
  readonly promptIds: readonly number[];
  readonly sampling: SamplingOptions;
  readonly seed: number;
  readonly stopTokenIds: readonly number[];
  readonly maxPositions: number;
  /** Checked between steps; throws to abandon the generation (e.g. when the request is aborted). */
  readonly checkCancelled: () => void;
}

export interface Decoded {
  readonly text: string;
  readonly completionTokens: number;
  readonly finishReason: FinishReason;
}

export function checkSampling(s: SamplingOptions): void {
  const fail = (what: string) => {
    throw new AhdError(ErrorCode.Usage, `sampling.${what}`);
  };
  if (!(s.temperature >= 0) || !Number.isFinite(s.temperature)) fail(`temperature must be >= 0, got ${s.temperature}`);
  if (!(s.topP > 0 && s.topP <= 1)) fail(`topP must be in (0, 1], got ${s.topP}`);
  if (!Number.isInteger(s.topK) || s.topK < 0) fail(`topK must be an integer >= 0, got ${s.topK}`);
  if (!Number.isInteger(s.maxNewTokens) || s.maxNewTokens < 1) fail(`maxNewTokens must be an integer >= 1, got ${s.maxNewTokens}`);
}

/**
 * Decodes several prompts in one batch (each with its own sampler seed, processors and stopping criteria):
 * prefill all prompts, then one token per unfinished sequence per forward pass. A finished sequence leaves
 * the batch at once, so the others do not carry it. Results are in input order.
 */
export async function decodeBatch(lm: CausalLm, tokenizer: TextTokenizer, inputs: readonly DecodeInput[]): Promise<Decoded[]> {
  const rows = inputs.map((input) => startRow(tokenizer, input));
  const results: Decoded[] = new Array(inputs.length);
  // A prompt the context cannot hold gets an empty answer cut for length, as a full context cuts a long answer: a
  // search writes prompts from parents of any length, and one too long must cost one candidate, not the run.
  let live: number[] = []; // input index of each batch position
  inputs.forEach((input, index) => {
    if (fits(input)) live.push(index);
    else results[index] = { text: '', completionTokens: 0, finishReason: 'length' };
  });
  if (live.length === 0) return results;
  const batch = lm.startBatch(live.length);
  let logits = await batch.append(live.map((index) => inputs[index].promptIds));
  for (;;) {
    const next: number[] = [];
    live.forEach((index, position) => {
      const done = rows[index].step(logits[position]);
      if (done) results[index] = done;
      else next.push(position);
    });
    if (next.length === 0) return results;
    for (const index of live) inputs[index].checkCancelled();
    batch.keep(next);
    live = next.map((position) => live[position]);
    logits = await batch.append(live.map((index) => [rows[index].last]));
  }
}

/** Whether the prompt leaves the context room for at least one new token. */
const fits = (input: DecodeInput) => input.promptIds.length < input.maxPositions;

/** One sequence of a batch: takes the logits after its last token, samples, and says when it is done. */
function startRow(tokenizer: TextTokenizer, input: DecodeInput) {
  const { promptIds, sampling, stopTokenIds, maxPositions } = input;
  if (promptIds.length === 0) throw new AhdError(ErrorCode.Llm, 'the prompt has no tokens');
  const stops = sampling.stop.filter((s) => s.length > 0);
  const processors = logitsProcessors(sampling);
  const sample = samplerFor(sampling.temperature, createRng(input.seed));
  const criteria = [
    stopTokenCriterion(stopTokenIds),
    stopStringCriterion(stops),
    maxTokensCriterion(sampling.maxNewTokens),
    contextCriterion(promptIds.length, maxPositions),
  ];
  const ids: number[] = [];
  const progress: DecodeProgress = { ids, text: () => tokenizer.decode(ids) };
  return {
    get last(): number {
      return ids[ids.length - 1];
    },
    step(logits: Float32Array): Decoded | null {
      for (const process of processors) process(logits);
      ids.push(sample(logits));
      const reason = firstStop(criteria, progress);
      if (!reason) return null;
      const stopToken = stopTokenIds.includes(ids[ids.length - 1]);
      const kept = stopToken ? ids.slice(0, -1) : ids;
      return { text: cutAtStopStrings(tokenizer.decode(kept), stops), completionTokens: ids.length, finishReason: reason };
    },
  };
}
