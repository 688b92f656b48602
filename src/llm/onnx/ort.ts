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

/** An int64 tensor of 0s and 1s (attention masks: rows x columns, every step), written without a BigInt per value. */
export function maskTensor(rows: readonly (readonly number[])[], columns: number): Tensor {
  const data = new BigInt64Array(rows.length * columns);
  rows.forEach((row, r) => {
    for (let k = 0; k < columns; k++) if (row[k]) data[r * columns + k] = 1n;
  });
  return new ort.Tensor('int64', data, [rows.length, columns]);
}
