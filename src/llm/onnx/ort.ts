import * as ort from 'onnxruntime-node';
import { AhdError, ErrorCode } from '../../errors.ts';

/** The only module that imports onnxruntime-node. */
export type Tensor = ort.Tensor;
export type Feeds = Record<string, ort.Tensor>;

export interface Session {
  run(feeds: Feeds): Promise<Feeds>;
  release(): Promise<void>;
}

export async function createSession(modelBytes: Uint8Array, threads: number, source: string): Promise<Session> {
  try {
    return await ort.InferenceSession.create(modelBytes, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
  } catch (error) {
    throw new AhdError(ErrorCode.Model, `${source}: onnxruntime cannot load the model (${(error as Error).message})`, {
      cause: error,
    });
  }
}

/** Wraps the array without copying: later in-place changes are seen by the next run. */
export const floatTensor = (data: Float32Array, dims: readonly number[]): Tensor => new ort.Tensor('float32', data, dims);

export const int64Tensor = (values: readonly number[], dims: readonly number[]): Tensor =>
  new ort.Tensor('int64', BigInt64Array.from(values, BigInt), dims);
