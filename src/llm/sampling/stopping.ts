/** Stopping criteria: each looks at the completion so far and says whether (and why) generation ends. */
export interface DecodeProgress {
  /** Completion token ids, the latest last. */
  readonly ids: readonly number[];
  /** Decoded completion text (computed on demand). */
  text(): string;
}

export type FinishReason = 'stop' | 'length';
export type StoppingCriterion = (progress: DecodeProgress) => FinishReason | null;

export function stopTokenCriterion(stopIds: readonly number[]): StoppingCriterion {
  const set = new Set(stopIds);
  return ({ ids }) => (ids.length > 0 && set.has(ids[ids.length - 1]) ? 'stop' : null);
}

export const maxTokensCriterion =
  (maxNewTokens: number): StoppingCriterion =>
  ({ ids }) =>
    ids.length >= maxNewTokens ? 'length' : null;

/** The context is full: the next token would need a position the model does not have. */
export const contextCriterion =
  (promptTokens: number, maxPositions: number): StoppingCriterion =>
  ({ ids }) =>
    promptTokens + ids.length >= maxPositions ? 'length' : null;

export function stopStringCriterion(stops: readonly string[]): StoppingCriterion {
  return (progress) => (stops.length > 0 && stops.some((s) => progress.text().includes(s)) ? 'stop' : null);
}

/** The first criterion that fires, in order. */
export function firstStop(criteria: readonly StoppingCriterion[], progress: DecodeProgress): FinishReason | null {
  for (const criterion of criteria) {
    const reason = criterion(progress);
    if (reason) return reason;
  }
  return null;
}

/** Completion text cut at the earliest stop string (the stop string itself is not returned). */
export function cutAtStopStrings(text: string, stops: readonly string[]): string {
  let end = text.length;
  for (const s of stops) {
    const at = s.length > 0 ? text.indexOf(s) : -1;
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}
