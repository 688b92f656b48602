/**
 * Peak memory and time of decoding a search's real prompts with the prompt fed in one pass against fed in chunks
 * through the KV cache (src/llm/onnx/causal-lm.ts, PREFILL_CHUNK), and whether the logits stay bit for bit the same:
 * the first --batches x 5 crossover prompts (e1/e2, the longest a search writes) of a run's event log, in batches of
 * 5 (DEFAULT_MAX_BATCH) on one thread, each chunk size in a fresh child process so each peak RSS is its own.
 * Chunk 0 means the whole append in one pass.
 *
 *   node --no-node-snapshot --import tsx benchmarks/prefill-chunk.ts --model DIR --events RUN/events.jsonl [--batches 4] [--chunks 0,128] [--tokens 120]
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readEvents } from '../src/engine/events.ts';
import { CausalLm } from '../src/llm/onnx/causal-lm.ts';
import { decodeBatch } from '../src/llm/onnx/generate.ts';
import { readModelDir } from '../src/llm/onnx/index.ts';
import { liftWeights } from '../src/llm/onnx/lift-weights.ts';
import { DEFAULT_MAX_BATCH } from '../src/llm/onnx/load.ts';
import { createSession } from '../src/llm/onnx/ort.ts';
import { decodingGraph } from '../src/llm/onnx/time-major-cache.ts';
import { createTokenizer } from '../src/llm/tokenizer.ts';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    events: { type: 'string' },
    batches: { type: 'string', default: '4' },
    chunks: { type: 'string', default: '0,128' },
    tokens: { type: 'string', default: '120' },
    one: { type: 'string' },
  },
});
if (!values.model || !values.events) throw new Error('--model and --events are required');

interface Row {
  readonly chunk: string;
  readonly promptTokens: string;
  readonly peakMiB: number;
  readonly seconds: number;
  readonly logitsSha: string;
}

async function measure(chunk: number): Promise<Row> {
  const dir = values.model!;
  const model = readModelDir(dir);
  const tokenizer = createTokenizer(model.tokenizerJson, model.tokenizerConfig, dir);
  const lifted = liftWeights(model.modelBytes, model.dir);
  const graph = decodingGraph(lifted.modelBytes, model.signature);
  const session = await createSession(graph.modelBytes, 1, dir);
  const lm = new CausalLm(session, graph.signature, lifted.layout, lifted.weights, chunk > 0 ? chunk : Number.MAX_SAFE_INTEGER);
  // Every logits array the decoder sees goes into one hash.
  const hash = createHash('sha256');
  const startBatch = lm.startBatch.bind(lm);
  lm.startBatch = (size) => {
    const batch = startBatch(size);
    const append = batch.append;
    batch.append = async (tokens) => {
      const logits = await append(tokens);
      for (const row of logits) hash.update(new Uint8Array(row.buffer, row.byteOffset, row.byteLength));
      return logits;
    };
    return batch;
  };
  const count = Number(values.batches) * DEFAULT_MAX_BATCH;
  const prompts = readEvents(values.events!)
    .flatMap((e) => (e.type === 'generation' && e.attempt === 0 && /^e[12]$/.test(e.operator) ? [e.messages] : []))
    .slice(0, count)
    .map((messages) => tokenizer.encode(messages.map((m) => m.content).join('\n')));
  if (prompts.length < count) throw new Error(`${values.events} has ${prompts.length} crossover prompts, ${count} needed`);
  const started = performance.now();
  for (let b = 0; b < prompts.length; b += DEFAULT_MAX_BATCH) {
    const inputs = prompts.slice(b, b + DEFAULT_MAX_BATCH).map((promptIds, i) => ({
      promptIds,
      sampling: { temperature: 1, topP: 1, topK: 0, maxNewTokens: Number(values.tokens), stop: [] },
      seed: b + i,
      stopTokenIds: [],
      maxPositions: model.maxPositions,
      checkCancelled: () => {},
    }));
    await decodeBatch(lm, tokenizer, inputs);
  }
  const seconds = (performance.now() - started) / 1000;
  const peakKiB = Number(readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+)/)![1]);
  const lengths = prompts.map((p) => p.length);
  return {
    chunk: chunk > 0 ? String(chunk) : 'whole',
    promptTokens: `${Math.min(...lengths)}-${Math.max(...lengths)}`,
    peakMiB: Math.round(peakKiB / 1024),
    seconds: Number(seconds.toFixed(1)),
    logitsSha: hash.digest('hex').slice(0, 16),
  };
}

if (values.one !== undefined) {
  console.log(JSON.stringify(await measure(Number(values.one))));
} else {
  const self = fileURLToPath(import.meta.url);
  const rows: Row[] = values.chunks!.split(',').map((chunk) => {
    const args = ['--no-node-snapshot', '--import', 'tsx', self, ...process.argv.slice(2), '--one', chunk];
    return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }).trim().split('\n').pop()!) as Row;
  });
  console.log(`model ${values.model}, ${values.batches} batches of ${DEFAULT_MAX_BATCH} crossover prompts from ${values.events}, ${values.tokens} new tokens each`);
  console.table(rows);
}
