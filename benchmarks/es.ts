/**
 * ES costs, printed side by side:
 *  1. noise generation over a weight buffer: one thread (what ahd uses) vs worker threads over a
 *     SharedArrayBuffer (checked bit-identical) vs adding from a precomputed shared noise table;
 *  2. drift after perturb/restore cycles: plain float32 addition vs the exact grid of WeightsEs;
 *  3. WeightsEs perturb+restore and update (N directions) at model sizes, next to
 *  4. the time to generate one candidate with the onnx backend, and peak RSS of generation with and without ES
 *     (each in a fresh child process).
 *
 *   node --import tsx benchmarks/es.ts [--model DIR] [--sizes 3e6,1e7,1e8] [--noise-floats 1e7]
 *        [--drift-floats 1e6] [--cycles 1000] [--directions 10] [--tokens 64] [--candidates 4]
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { addNoise, fillNoise } from '../src/es/noise.ts';
import type { WeightLayout } from '../src/es/types.ts';
import { WeightsEs } from '../src/es/weights-es.ts';
import { WORKER_BOOT, workerBootData } from '../src/ground/runtime.ts';
import { loadOnnxModel } from '../src/llm/onnx/index.ts';
import type { ChatMessage, GenerateRequest } from '../src/llm/types.ts';

const HERE = new URL(import.meta.url).pathname;
const CHUNK = 1 << 14;

interface NoiseJob {
  readonly weights: SharedArrayBuffer;
  readonly seed: number;
  readonly scale: number;
  readonly start: number;
  readonly count: number;
}

/** Worker role: add scale * eps to its range of a one-tensor buffer, exactly as addNoise does per element. */
function noiseWorker(): void {
  const eps = new Float32Array(CHUNK);
  parentPort!.on('message', (job: NoiseJob) => {
    const w = new Float32Array(job.weights);
    for (let s = job.start; s < job.start + job.count; s += CHUNK) {
      const n = Math.min(CHUNK, job.start + job.count - s);
      fillNoise(eps, job.seed, 0, s, n);
      for (let j = 0; j < n; j++) w[s + j] += 0 + job.scale * eps[j];
    }
    parentPort!.postMessage('done');
  });
}

const oneTensor = (n: number): WeightLayout => ({ tensors: [{ name: 'w', offset: 0, length: n, dims: [n] }], totalLength: n });

/** Weight-like values: ~U(-0.05, 0.05) with every 50th element a norm gain near 1 (their ulp is 16x larger). */
function weightLike(n: number, shared = false): Float32Array {
  const w = shared ? new Float32Array(new SharedArrayBuffer(4 * n)) : new Float32Array(n);
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const u = (x >>> 8) / 2 ** 24 - 0.5;
    w[i] = i % 50 === 0 ? 1 + 0.1 * u : 0.1 * u;
  }
  return w;
}

function time(fn: () => void, reps = 3): number {
  fn(); // warm-up
  const ms: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  return Math.min(...ms);
}

async function timeAsync(fn: () => Promise<void>, reps = 3): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return Math.min(...ms);
}

async function noiseSpeed(n: number): Promise<void> {
  const layout = oneTensor(n);
  const single = weightLike(n);
  const singleMs = time(() => addNoise(single, layout, 7, 1e-3));

  const threads = 2;
  const shared = weightLike(n, true);
  const workers = Array.from({ length: threads }, () => new Worker(WORKER_BOOT, { workerData: { ...workerBootData(new URL(import.meta.url)), role: 'noise' } }));
  const run = (w: Worker, job: NoiseJob) =>
    new Promise<void>((resolve, reject) => {
      w.once('message', () => resolve());
      w.once('error', reject);
      w.postMessage(job);
    });
  const parallel = () => {
    const per = Math.ceil(n / threads);
    return Promise.all(
      workers.map((w, k) =>
        run(w, { weights: shared.buffer as SharedArrayBuffer, seed: 7, scale: 1e-3, start: k * per, count: Math.max(0, Math.min(per, n - k * per)) }),
      ),
    ).then(() => {});
  };
  const parallelMs = await timeAsync(parallel);
  await Promise.all(workers.map((w) => w.terminate()));
  const identical = Buffer.from(single.buffer).equals(Buffer.from(shared.buffer));

  // Shared table (OpenAI-ES style): 2^22 normals generated once; each (seed) reads a window at a hashed offset.
  const tableSize = 1 << 22;
  const table = new Float32Array(tableSize);
  const tableBuildMs = time(() => fillNoise(table, 1, 0, 0, tableSize), 1);
  const tabled = weightLike(n);
  const mask = tableSize - 1;
  const tableMs = time(() => {
    const offset = Math.imul(7, 0x9e3779b1) >>> 10;
    for (let j = 0; j < n; j++) tabled[j] += 1e-3 * table[(offset + j) & mask];
  });

  console.log(`\n1. Noise: w += 1e-3 * eps over ${fmt(n)} floats (best of 3)`);
  console.log(`   one thread (counter-based ziggurat, used)   ${singleMs.toFixed(0)} ms  (${((singleMs * 1e6) / n).toFixed(1)} ns/float)`);
  console.log(`   ${threads} workers over a SharedArrayBuffer        ${parallelMs.toFixed(0)} ms  bit-identical to one thread: ${identical}`);
  console.log(`   shared table of ${fmt(tableSize)} normals (${(tableSize * 4) / 2 ** 20} MiB)     ${tableMs.toFixed(0)} ms  (+${tableBuildMs.toFixed(0)} ms to build once)`);
}

function drift(n: number, cycles: number): void {
  const layout = oneTensor(n);
  const plain = weightLike(n);
  const exact = weightLike(n);
  const es = new WeightsEs(exact, layout);
  const plainBase = Float32Array.from(plain);
  const exactBase = Float32Array.from(exact);
  const t = performance.now();
  for (let c = 0; c < cycles; c++) {
    addNoise(plain, layout, c, 1e-3);
    addNoise(plain, layout, c, -1e-3);
    es.perturb(c, 1e-3);
    es.restore(c, 1e-3);
  }
  const ms = performance.now() - t;
  let maxSmall = 0; // |w| < 0.1
  let maxGain = 0; // the norm gains near 1
  let changed = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.abs(plain[i] - plainBase[i]);
    if (d > 0) changed++;
    if (i % 50 === 0) maxGain = Math.max(maxGain, d);
    else maxSmall = Math.max(maxSmall, d);
  }
  const exactSame = Buffer.from(exact.buffer).equals(Buffer.from(exactBase.buffer));
  console.log(`\n2. Drift after ${cycles} perturb/restore cycles, ${fmt(n)} weights, sigma 1e-3 (${(ms / 1000).toFixed(1)} s)`);
  console.log(
    `   plain float32 add/subtract: max |drift| ${maxSmall.toExponential(2)} on |w| < 0.05, ${maxGain.toExponential(2)} on ` +
      `gains near 1; ${((100 * changed) / n).toFixed(1)}% of weights moved`,
  );
  console.log(`   WeightsEs (fixed-point grid): ${exactSame ? 'bit-identical to the start' : 'DIFFERS'}`);
}

function esCosts(sizes: number[], directions: number): void {
  console.log(`\n3. WeightsEs costs (one thread, best of 3)`);
  console.log('   floats      perturb+restore   update (N=' + directions + ')');
  for (const n of sizes) {
    const layout = oneTensor(n);
    const es = new WeightsEs(weightLike(n), layout);
    const seeds = Array.from({ length: directions }, (_, i) => 1000 + i);
    const z = seeds.map((_, i) => (i % 2 ? 1 : -1) * 0.3);
    const reps = n > 5e7 ? 1 : 3;
    const pr = time(() => {
      es.perturb(5, 1e-3);
      es.restore(5, 1e-3);
    }, reps);
    const up = time(() => es.update(seeds, z, 5e-4), reps);
    console.log(`   ${fmt(n).padEnd(10)}  ${pr.toFixed(0).padStart(8)} ms       ${up.toFixed(0).padStart(8)} ms`);
  }
}

const MESSAGES: ChatMessage[] = [{ role: 'user', content: 'Write selectNextNode for TSP.' }];

/** Child-process role: generate `candidates` answers (perturbed when es) and report timing and peak RSS. */
async function rssChild(model: string, es: boolean, tokens: number, candidates: number): Promise<void> {
  const lm = await loadOnnxModel(model);
  const request = (seed: number): GenerateRequest => ({
    messages: MESSAGES,
    sampling: { temperature: 1, topP: 1, topK: 0, maxNewTokens: tokens, stop: [] },
    seed,
    ...(es ? { perturbation: { seed: 100 + seed, sigma: 1e-3 } } : {}),
  });
  await lm.generate(request(0)); // warm-up
  const ms: number[] = [];
  for (let i = 1; i <= candidates; i++) {
    ms.push((await lm.generate(request(i))).ms);
    if (es) await lm.es!.update([100 + i], [1], 5e-4);
  }
  await lm.close();
  const maxRssKb = process.resourceUsage().maxRSS;
  console.log(JSON.stringify({ msPerCandidate: ms.reduce((a, b) => a + b, 0) / ms.length, maxRssKb }));
}

function generation(model: string, tokens: number, candidates: number): void {
  const child = (es: boolean) => {
    const args = ['--import', 'tsx', HERE, '--rss-child', es ? 'es' : 'plain', '--model', model];
    args.push('--tokens', String(tokens), '--candidates', String(candidates));
    const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return JSON.parse(out.trim().split('\n').at(-1)!) as { msPerCandidate: number; maxRssKb: number };
  };
  const plain = child(false);
  const es = child(true);
  const rss = (kb: number) => `${(kb / 1024).toFixed(0)} MiB`;
  console.log(`\n4. Generation with the onnx backend (${model}, ${tokens} new tokens, ${candidates} candidates, 1 replica)`);
  console.log(`   one candidate: ${plain.msPerCandidate.toFixed(0)} ms frozen, ${es.msPerCandidate.toFixed(0)} ms perturbed (incl. perturb+restore)`);
  console.log(`   peak RSS: ${rss(plain.maxRssKb)} frozen, ${rss(es.maxRssKb)} with ES (${(((es.maxRssKb - plain.maxRssKb) / plain.maxRssKb) * 100).toFixed(1)}%)`);
}

const fmt = (n: number) => (n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: 'string', default: new URL('../tests/fixtures/tiny-lm', import.meta.url).pathname },
      sizes: { type: 'string', default: '3e6,1e7,1e8' },
      'noise-floats': { type: 'string', default: '1e7' },
      'drift-floats': { type: 'string', default: '1e6' },
      cycles: { type: 'string', default: '1000' },
      directions: { type: 'string', default: '10' },
      tokens: { type: 'string', default: '64' },
      candidates: { type: 'string', default: '4' },
      'rss-child': { type: 'string' },
    },
  });
  const tokens = Number(values.tokens);
  const candidates = Number(values.candidates);
  if (values['rss-child']) return rssChild(values.model!, values['rss-child'] === 'es', tokens, candidates);
  await noiseSpeed(Number(values['noise-floats']));
  drift(Number(values['drift-floats']), Number(values.cycles));
  esCosts(values.sizes!.split(',').map(Number), Number(values.directions));
  generation(values.model!, tokens, candidates);
}

if (isMainThread) await main();
else if (workerData?.role === 'noise') noiseWorker();
