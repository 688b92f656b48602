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
import { SLOT_TOKEN, isSlotComplete, isSlotPrefix, numberTemplate } from '../sampling/number-template.ts';
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
  /** Numbers-only decoding (GenerateRequest.numbersOf): the answer is this text with its decimals rewritten. */
  readonly numbersOf?: string;
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
    logits = await batch.append(live.map((index) => rows[index].feed));
  }
}

/** Whether the prompt leaves the context room for at least one new token. */
const fits = (input: DecodeInput) => input.promptIds.length < input.maxPositions;

/** One sequence of a batch: takes the logits after the tokens it was fed, and says what to feed next or that it is done. */
interface Row {
  /** The tokens to append at the next forward pass. */
  readonly feed: readonly number[];
  step(logits: Float32Array): Decoded | null;
}

function startRow(tokenizer: TextTokenizer, input: DecodeInput): Row {
  if (input.promptIds.length === 0) throw new AhdError(ErrorCode.Llm, 'the prompt has no tokens');
  return input.numbersOf === undefined ? freeRow(tokenizer, input) : numbersRow(tokenizer, input, input.numbersOf);
}

/** A row that samples every token (processors, then the seeded sampler) until a stopping criterion fires. */
function freeRow(tokenizer: TextTokenizer, input: DecodeInput): Row {
  const { promptIds, sampling, stopTokenIds, maxPositions } = input;
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
    get feed() {
      return ids.slice(-1);
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

/**
 * A row that writes `template` with new decimals (number-template.ts): fixed text is fed whole, in one forward
 * pass; in a slot the logits are masked to the tokens that keep the number well formed, plus, once it is complete,
 * the first token of the fixed text after it (or the stop token at the end), which closes the slot. The seeded
 * sampler and the processors pick among them, so temperature, top-p and ES perturbations act on the numbers only.
 */
function numbersRow(tokenizer: TextTokenizer, input: DecodeInput, template: string): Row {
  const { promptIds, sampling, stopTokenIds, maxPositions } = input;
  const { fixed, slots } = numberTemplate(template);
  const fixedIds = fixed.map((text) => (text === '' ? [] : tokenizer.encode(text)));
  const processors = logitsProcessors(sampling);
  const sample = samplerFor(sampling.temperature, createRng(input.seed));
  const ids: number[] = [];
  let feed: number[] = [];
  let slot = -1; // the slot being written; -1 before fixed[0] is fed
  let slotText = '';
  const finish = (reason: FinishReason): Decoded => ({ text: tokenizer.decode(ids), completionTokens: ids.length, finishReason: reason });
  const full = () => ids.length >= sampling.maxNewTokens || promptIds.length + ids.length >= maxPositions;
  /** Feeds fixed text `i` whole; after the last one the answer is complete. */
  const feedFixed = (i: number): Decoded | null => {
    ids.push(...fixedIds[i]);
    if (i === slots.length) return finish('stop');
    if (full()) return finish('length');
    feed = fixedIds[i];
    slot = i;
    slotText = '';
    return null;
  };
  return {
    get feed() {
      return feed;
    },
    step(logits: Float32Array): Decoded | null {
      if (slot < 0) return feedFixed(0);
      const { lead } = slots[slot];
      const close = fixedIds[slot + 1][0] ?? stopTokenIds[0];
      const canClose = close !== undefined && isSlotComplete(slotText, lead);
      const allowed = new Uint8Array(logits.length);
      for (const token of slotTokens(tokenizer, logits.length)) {
        if (isSlotPrefix(slotText + token.text, lead)) allowed[token.id] = 1;
      }
      if (canClose) allowed[close] = 1;
      // A slot that can neither grow nor close (the template ends on a number and the model has no stop token).
      if (!allowed.includes(1)) return finish('length');
      for (let i = 0; i < logits.length; i++) if (!allowed[i]) logits[i] = -Infinity;
      for (const process of processors) process(logits);
      const token = sample(logits);
      if (canClose && token === close) {
        if (fixedIds[slot + 1].length === 0) return finish('stop'); // the template ends on this number
        return feedFixed(slot + 1);
      }
      ids.push(token);
      slotText += tokenizer.decode([token]);
      feed = [token];
      return full() ? finish('length') : null;
    },
  };
}

/** The vocabulary's slot tokens (digits and points, a space at most before them, or the space alone), listed once per tokenizer. */
const slotTokenCache = new WeakMap<TextTokenizer, { id: number; text: string }[]>();

function slotTokens(tokenizer: TextTokenizer, vocabulary: number): { id: number; text: string }[] {
  let tokens = slotTokenCache.get(tokenizer);
  if (!tokens) {
    tokens = [];
    for (let id = 0; id < vocabulary; id++) {
      const text = tokenizer.decode([id]);
      if (SLOT_TOKEN.test(text)) tokens.push({ id, text });
    }
    slotTokenCache.set(tokenizer, tokens);
  }
  return tokens;
}
