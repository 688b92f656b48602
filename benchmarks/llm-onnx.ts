/**
 * onnx backend speed: time to first token and decode tokens/s, weights built in (initializers) vs lifted to
 * inputs, in this thread and through 1 and 2 replica workers (2 requests at once for aggregate throughput); then
 * batched decoding on one replica: tokens/s over all sequences at batch 1, 4 and 10; then the KV cache as the
 * export lays it out (the whole cache copied out at every step) against the time-major rewrite
 * (src/llm/onnx/time-major-cache.ts), side by side in this thread, after a prompt of --prompt-tokens tokens (a
 * search's prompts hold parent heuristics: a few hundred tokens).
 *
 *   node --import tsx benchmarks/llm-onnx.ts [--model DIR] [--tokens N] [--threads T] [--prompt-tokens P]
 */
import { parseArgs } from 'node:util';
import type { WeightLayout } from '../src/es/types.ts';
import { median as medianOf } from '../src/ground/stats.ts';
import { createChatTemplate } from '../src/llm/chat-template.ts';
import { CausalLm } from '../src/llm/onnx/causal-lm.ts';
import { decodeBatch } from '../src/llm/onnx/generate.ts';
import { loadOnnxModel, readModelDir } from '../src/llm/onnx/index.ts';
import { liftWeights } from '../src/llm/onnx/lift-weights.ts';
import { createSession } from '../src/llm/onnx/ort.ts';
import { timeMajorCache } from '../src/llm/onnx/time-major-cache.ts';
import { createTokenizer } from '../src/llm/tokenizer.ts';
import type { ChatMessage, SamplingOptions } from '../src/llm/types.ts';

const { values } = parseArgs({
  options: {
    model: { type: 'string', default: new URL('../tests/fixtures/tiny-lm', import.meta.url).pathname },
    tokens: { type: 'string', default: '64' },
    threads: { type: 'string', default: '1' },
    reps: { type: 'string', default: '3' },
    'prompt-tokens': { type: 'string', default: '300' },
  },
});
const dir = values.model!;
const maxNewTokens = Number(values.tokens);
const threads = Number(values.threads);
const reps = Number(values.reps);

// Short, so that it fits the 128-position test fixture too.
const MESSAGES: ChatMessage[] = [{ role: 'user', content: 'Write selectNextNode for TSP.' }];
// No stop tokens below: every run decodes exactly maxNewTokens, so runs are comparable.
const sampling = (n: number): SamplingOptions => ({ temperature: 1, topP: 1, topK: 0, maxNewTokens: n, stop: [] });

interface Row {
  readonly setup: string;
  readonly ttftMs: number;
  readonly tokensPerSecond: number;
  /** Replicas only: tokens/s over 2 concurrent requests per replica. */
  readonly aggregate?: number;
}

const median = (xs: number[]) => medianOf(xs) ?? Number.NaN;

async function inThread(setup: string, lifted: boolean): Promise<Row> {
  const model = readModelDir(dir);
  const tokenizer = createTokenizer(model.tokenizerJson, model.tokenizerConfig, dir);
  const promptIds = tokenizer.encode(createChatTemplate(model.tokenizerConfig, dir)(MESSAGES));
  const noWeights: WeightLayout = { tensors: [], totalLength: 0 };
  const { modelBytes, layout, weights } = lifted
    ? liftWeights(model.modelBytes, model.dir)
    : { modelBytes: model.modelBytes, layout: noWeights, weights: new Float32Array(0) };
  const lm = new CausalLm(await createSession(modelBytes, threads, dir), model.signature, layout, weights);
  const run = async (n: number) => {
    const started = performance.now();
    const input = { promptIds, sampling: sampling(n), seed: 1, stopTokenIds: [], maxPositions: model.maxPositions, checkCancelled: () => {} };
    const [out] = await decodeBatch(lm, tokenizer, [input]);
    return { ms: performance.now() - started, tokens: out.completionTokens };
  };
  await run(4); // warm-up
  const ttft = median(await sequential(() => run(1).then((r) => r.ms)));
  const full = await sequential(() => run(maxNewTokens));
  await lm.release();
  const rate = median(full.map((r) => (r.tokens - 1) / ((r.ms - ttft) / 1000)));
  return { setup, ttftMs: ttft, tokensPerSecond: rate };
}

async function replicas(count: number): Promise<Row> {
  const model = await loadOnnxModel(dir, { replicas: count, threadsPerReplica: threads });
  const request = (n: number, seed: number) => ({ messages: MESSAGES, sampling: sampling(n), seed });
  await Promise.all(Array.from({ length: count }, (_, i) => model.generate(request(4, i))));
  const ttft = median(await sequential(() => model.generate(request(1, 0)).then((g) => g.ms)));
  const single = await sequential(() => model.generate(request(maxNewTokens, 0)));
  const rate = median(single.map((g) => (g.completionTokens - 1) / ((g.ms - ttft) / 1000)));
  const started = performance.now();
  const batch = await Promise.all(Array.from({ length: 2 * count }, (_, i) => model.generate(request(maxNewTokens, i))));
  const aggregate = batch.reduce((a, g) => a + g.completionTokens, 0) / ((performance.now() - started) / 1000);
  await model.close();
  return { setup: `lifted, ${count} replica worker${count > 1 ? 's' : ''}`, ttftMs: ttft, tokensPerSecond: rate, aggregate };
}

async function sequential<T>(fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < reps; i++) out.push(await fn());
  return out;
}

const info = readModelDir(dir);
const params = liftWeights(info.modelBytes, info.dir).layout.totalLength;
console.log(`model ${info.name} (${dir}): ${(params / 1e6).toFixed(2)} M float weights; ${maxNewTokens} new tokens, ${threads} thread(s) per session, median of ${reps}`);
const rows = [
  await inThread('built-in initializers, main thread', false),
  await inThread('lifted to inputs, main thread', true),
  await replicas(1),
  await replicas(2),
];
console.table(
  rows.map((r) => ({
    setup: r.setup,
    'first token ms': Number(r.ttftMs.toFixed(1)),
    'decode tok/s (1 request)': Number(r.tokensPerSecond.toFixed(0)),
    'aggregate tok/s (2 per replica)': r.aggregate === undefined ? '-' : Number(r.aggregate.toFixed(0)),
  })),
);

/** Tokens/s over all sequences of one generateBatch call of `size` requests (distinct seeds), one replica. */
async function batched(sizes: readonly number[]): Promise<void> {
  const model = await loadOnnxModel(dir, { replicas: 1, threadsPerReplica: threads });
  const request = (n: number, seed: number) => ({ messages: MESSAGES, sampling: sampling(n), seed });
  await model.generateBatch!([request(4, 0), request(4, 1)]); // warm-up
  const rows = [];
  for (const size of sizes) {
    const rates = await sequential(async () => {
      const started = performance.now();
      const out = await model.generateBatch!(Array.from({ length: size }, (_, i) => request(maxNewTokens, i)));
      return out.reduce((a, g) => a + g.completionTokens, 0) / ((performance.now() - started) / 1000);
    });
    rows.push({ batch: size, 'tok/s (all sequences)': Number(median(rates).toFixed(0)) });
  }
  await model.close();
  const base = rows[0]['tok/s (all sequences)'];
  console.table(rows.map((r) => ({ ...r, 'x batch 1': Number((r['tok/s (all sequences)'] / base).toFixed(2)) })));
}

await batched([1, 4, 10]);

/**
 * Tokens/s over all sequences of one decodeBatch of `size` sequences, the export's cache layout against the
 * time-major rewrite, each repetition running both (so both see the same machine load), same outputs checked.
 */
async function cacheLayouts(sizes: readonly number[]): Promise<void> {
  const model = readModelDir(dir);
  const tokenizer = createTokenizer(model.tokenizerJson, model.tokenizerConfig, dir);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const rewritten = timeMajorCache(lifted.modelBytes, model.signature);
  if (!rewritten) {
    console.log('cache layouts: this export has no standard KV cache to rewrite');
    return;
  }
  const exported = new CausalLm(await createSession(lifted.modelBytes, threads, dir), model.signature, lifted.layout, lifted.weights);
  const timeMajor = new CausalLm(await createSession(rewritten.modelBytes, threads, dir), rewritten.signature, lifted.layout, lifted.weights);
  const room = Math.min(model.maxPositions, 100_000) - maxNewTokens - 1;
  const promptLength = Math.max(1, Math.min(Number(values['prompt-tokens']), room));
  const base = tokenizer.encode(createChatTemplate(model.tokenizerConfig, dir)(MESSAGES));
  const promptIds = Array.from({ length: promptLength }, (_, i) => base[i % base.length]);
  const inputs = (size: number) =>
    Array.from({ length: size }, (_, i) => ({ promptIds, sampling: sampling(maxNewTokens), seed: i, stopTokenIds: [], maxPositions: model.maxPositions, checkCancelled: () => {} }));
  const rate = async (lm: CausalLm, size: number) => {
    const started = performance.now();
    const out = await decodeBatch(lm, tokenizer, inputs(size));
    return { rate: out.reduce((a, d) => a + d.completionTokens, 0) / ((performance.now() - started) / 1000), texts: out.map((d) => d.text) };
  };
  await rate(exported, 2);
  await rate(timeMajor, 2);
  const rows = [];
  for (const size of sizes) {
    const a: number[] = [];
    const b: number[] = [];
    let same = true;
    for (let i = 0; i < reps; i++) {
      const x = await rate(exported, size);
      const y = await rate(timeMajor, size);
      a.push(x.rate);
      b.push(y.rate);
      same &&= x.texts.every((t, k) => t === y.texts[k]);
    }
    rows.push({ batch: size, 'export layout tok/s': Number(median(a).toFixed(0)), 'time-major tok/s': Number(median(b).toFixed(0)), ratio: Number((median(b) / median(a)).toFixed(2)), 'same text': same });
  }
  await Promise.all([exported.release(), timeMajor.release()]);
  console.log(`KV cache layouts: prompt of ${promptLength} tokens, then ${maxNewTokens} new tokens per sequence`);
  console.table(rows);
}

await cacheLayouts([1, 4, 10]);
