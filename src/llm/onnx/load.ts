import { AHD_NOISE } from '../../ground/noise-id.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { DEFAULT_SCOPE, type EsScope } from '../../es/scope.ts';
import type { EsHandle, LanguageModel } from '../types.ts';
import { liftWeights } from './lift-weights.ts';
import { readModelDir } from './model-dir.ts';
import { ReplicaPool } from './replica-pool.ts';
import type { ReplicaSpec } from './replica.ts';
import { decodingGraph } from './time-major-cache.ts';

export interface OnnxModelOptions {
  /** Worker threads, each with its own session and weights (default 1). */
  readonly replicas?: number;
  /** onnxruntime intra-op threads per replica (default 1). */
  readonly threadsPerReplica?: number;
  /** Most sequences the engine decodes in one batch (default DEFAULT_MAX_BATCH). */
  readonly maxBatch?: number;
  /** What ES moves and its sigma unit (default: every tensor, absolute sigma). */
  readonly esScope?: EsScope;
}

/**
 * Sequences per forward pass. An operator call of EoH asks for 10 candidates: batches of 5 keep both replicas of
 * a 2-core machine busy. Fixed, so a batch's make-up never depends on the number of replicas. (The export's own
 * cache layout made steps past batch ~5 cost more than they saved; the time-major cache does not: batch 4 and 10
 * decode ~2x faster with it, benchmarks/llm-onnx.ts.)
 */
export const DEFAULT_MAX_BATCH = 5;

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new AhdError(ErrorCode.Usage, `${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The onnx backend's ES handle, with what the ES model server (`ahd serve`) needs beyond EsHandle: a
 * perturbation held across requests (/es/apply ... /es/revert).
 */
export interface OnnxEsHandle extends EsHandle {
  /** theta + sigma * eps(seed) becomes the live weights of every replica until restore(seed, sigma). */
  perturb(seed: number, sigma: number): Promise<void>;
  restore(seed: number, sigma: number): Promise<void>;
}

export interface OnnxModel extends LanguageModel {
  readonly es: OnnxEsHandle;
}

/** Loads a model dir as an ES-capable LanguageModel served by `replicas` worker threads. */
export async function loadOnnxModel(dir: string, options: OnnxModelOptions = {}): Promise<OnnxModel> {
  const replicas = positiveInteger(options.replicas ?? 1, 'options.replicas');
  const threads = positiveInteger(options.threadsPerReplica ?? 1, 'options.threadsPerReplica');
  const model = readModelDir(dir);
  const lifted = liftWeights(model.modelBytes, model.dir);
  // Decoding appends to the cache instead of copying it out at every step, where the export's layout allows.
  const graph = decodingGraph(lifted.modelBytes, model.signature);
  const spec: ReplicaSpec = {
    name: model.name,
    modelBytes: graph.modelBytes,
    signature: graph.signature,
    layout: lifted.layout,
    stopTokenIds: model.stopTokenIds,
    maxPositions: model.maxPositions,
    tokenizerJson: model.tokenizerJson,
    tokenizerConfig: model.tokenizerConfig,
    threads,
    esScope: options.esScope ?? DEFAULT_SCOPE,
  };
  const pool = await ReplicaPool.start(spec, lifted.weights, replicas);

  const es: OnnxEsHandle = {
    size: { tensors: lifted.layout.tensors.length, params: lifted.layout.totalLength },
    noise: AHD_NOISE,
    update: (seeds, z, alpha) => pool.update(seeds, z, alpha),
    perturb: (seed, sigma) => pool.perturb(seed, sigma),
    restore: (seed, sigma) => pool.restore(seed, sigma),
    fingerprint: async () => {
      const prints = await pool.fingerprints();
      if (new Set(prints).size !== 1) {
        throw new AhdError(ErrorCode.Internal, `onnx replicas hold different weights (${prints.join(', ')})`);
      }
      return prints[0];
    },
  };
  return {
    name: model.name,
    promptStyle: model.promptStyle,
    writesNumbersOnly: true,
    parallelism: pool.size,
    es,
    defaults: model.defaults,
    generate: (request) => pool.generate(request),
    generateBatch: (requests, signal) => pool.generateBatch(requests, signal),
    maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
    close: () => pool.close(),
  };
}
