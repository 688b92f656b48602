import type { GenerateRequest, LanguageModel, SamplingOptions } from '../llm/types.ts';
import type { RoundBatcher } from './batcher.ts';
import { generateAll } from '../llm/generate-all.ts';
import { MAX_PARSE_RETRIES, needsRetry, parseResponse } from '../extract/parse.ts';
import { AhdError, ErrorCode } from '../errors.ts';
import type { CandidateSpec } from '../core/types.ts';
import type { EventLog, GenerationEvent, ParsedAnswer } from './events.ts';
import type { ReplayCache } from './replay-cache.ts';
import { deriveSeed } from '../ground/rng.ts';

export interface GenerateDeps {
  readonly model: LanguageModel;
  readonly sampling: SamplingOptions;
  /** The run's 'llm' stream seed; each request's sampler seed derives from it and (candidate, attempt). */
  readonly llmSeed: number;
  readonly fnName: string;
  readonly cache: ReplayCache;
  readonly log: EventLog;
  readonly signal?: AbortSignal;
  /** With ES diagnostics only: first answers generated in this process, by candidate index (they are compared). */
  readonly firstTexts?: Map<number, string>;
}

/** Sampler seed of one request: a function of the run seed and the request's place, never of scheduling. */
export function requestSeed(llmSeed: number, key: number | string, attempt: number): number {
  return deriveSeed(llmSeed, `${key}:${attempt}`);
}

/**
 * Asks the model for candidate `index` until its answer parses: up to MAX_PARSE_RETRIES re-queries when the
 * description or code is missing (code that is there but broken is not re-asked: it is an invalid candidate); with `avoidCodes` (plain EoH), a code equal to a member's is asked for once
 * more. Answers recorded in the event log are reused instead of asking again.
 */
export async function generateCandidate(
  deps: GenerateDeps,
  index: number,
  spec: CandidateSpec,
  batch?: { readonly batcher: RoundBatcher; readonly slot: number },
): Promise<ParsedAnswer> {
  try {
    return await attempts(deps, index, spec, batch);
  } finally {
    batch?.batcher.finished(batch.slot);
  }
}

async function attempts(
  deps: GenerateDeps,
  index: number,
  spec: CandidateSpec,
  batch?: { readonly batcher: RoundBatcher; readonly slot: number },
): Promise<ParsedAnswer> {
  let attempt = 0;
  let parseRetries = 0;
  let regenerated = false;
  for (;;) {
    const parsed = (await answer(deps, index, attempt++, spec, batch)).parsed;
    if (!parsed.ok) {
      if (needsRetry(parsed) && parseRetries++ < MAX_PARSE_RETRIES) continue;
      return parsed;
    }
    if (!regenerated && spec.avoidCodes?.has(parsed.code)) {
      regenerated = true;
      parseRetries = 0;
      continue;
    }
    return parsed;
  }
}

async function answer(
  deps: GenerateDeps,
  index: number,
  attempt: number,
  spec: CandidateSpec,
  batch?: { readonly batcher: RoundBatcher; readonly slot: number },
): Promise<GenerationEvent> {
  const seed = requestSeed(deps.llmSeed, spec.samplerKey ?? index, attempt);
  const parents = spec.parents.map((p) => p.id);
  const request: GenerateRequest = {
    messages: spec.messages,
    sampling: deps.sampling,
    seed,
    perturbation: spec.perturbation,
    ...(spec.numbersOf !== undefined && { numbersOf: spec.numbersOf }),
    signal: deps.signal,
  };
  const cached = deps.cache.generation(index, attempt);
  if (cached) {
    if (cached.operator !== spec.operator || cached.seed !== seed || cached.parents.join() !== parents.join()) {
      throw new AhdError(
        ErrorCode.Run,
        `resume diverged at candidate ${index}: the log has ${cached.operator}(${cached.parents.join(',')}), ` +
          `the replay asks ${spec.operator}(${parents.join(',')})`,
      );
    }
    batch?.batcher.replayed(batch.slot, attempt, request);
    return cached;
  }
  const generation = batch ? await batch.batcher.generate(batch.slot, attempt, request) : await deps.model.generate(request);
  const event: GenerationEvent = {
    type: 'generation',
    index,
    attempt,
    operator: spec.operator,
    parents,
    seed,
    ...(spec.perturbation ? { perturbation: spec.perturbation } : {}),
    messages: spec.messages,
    text: generation.text,
    promptTokens: generation.promptTokens,
    completionTokens: generation.completionTokens,
    finishReason: generation.finishReason,
    ms: generation.ms,
    parsed: parseResponse(generation.text, deps.fnName),
  };
  deps.log.append(event);
  if (attempt === 0) deps.firstTexts?.set(index, event.text);
  return event;
}

/**
 * ES diagnostics: whether each perturbed candidate's first answer equals what the unperturbed weights answer
 * for the same prompt and sampler seed. The twins are generated (batched where the backend can), compared and
 * dropped: nothing is evaluated or logged, and no random stream is drawn from, so the run is unchanged.
 */
export async function sameAsUnperturbed(
  deps: GenerateDeps,
  firstIndex: number,
  specs: readonly CandidateSpec[],
  firstTexts: readonly string[],
): Promise<boolean[]> {
  const requests: GenerateRequest[] = specs.map((spec, i) => ({
    messages: spec.messages,
    sampling: deps.sampling,
    seed: requestSeed(deps.llmSeed, spec.samplerKey ?? firstIndex + i, 0),
    ...(spec.numbersOf !== undefined && { numbersOf: spec.numbersOf }),
    signal: deps.signal,
  }));
  const generated = await generateAll(deps.model, requests, deps.signal);
  return generated.map((g, i) => g.text === firstTexts[i]);
}

/** The text of a candidate's first answer (attempt 0), from the log of this run. */
export function firstAnswerText(deps: GenerateDeps, index: number): string | undefined {
  return deps.cache.generation(index, 0)?.text ?? deps.firstTexts?.get(index);
}
