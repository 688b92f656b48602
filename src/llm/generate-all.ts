import type { Generation, GenerateRequest, LanguageModel } from './types.ts';

/**
 * Requests that share their weights, answered in request order: in fixed chunks of the model's maxBatch on a
 * batching backend (a chunk's make-up depends only on the list), one by one otherwise. `onChunk` reports how
 * many requests have been answered so far.
 */
export async function generateAll(
  model: LanguageModel,
  requests: readonly GenerateRequest[],
  signal?: AbortSignal,
  onChunk?: (done: number, total: number) => void,
): Promise<Generation[]> {
  const size = model.generateBatch ? (model.maxBatch ?? 1) : 1;
  const chunks: GenerateRequest[][] = [];
  for (let i = 0; i < requests.length; i += size) chunks.push(requests.slice(i, i + size));
  let done = 0;
  const answered = await Promise.all(
    chunks.map(async (chunk) => {
      const generated = model.generateBatch ? await model.generateBatch(chunk, signal) : await Promise.all(chunk.map((r) => model.generate(r)));
      done += chunk.length;
      onChunk?.(done, requests.length);
      return generated;
    }),
  );
  return answered.flat();
}
