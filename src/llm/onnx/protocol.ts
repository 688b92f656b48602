import type { Generation } from '../types.ts';
import type { ReplicaRequest, ReplicaSpec } from './replica.ts';

/** Messages between the replica pool (main thread) and a replica worker. */
export type ToReplica =
  | { readonly type: 'generate'; readonly id: number; readonly requests: readonly ReplicaRequest[] }
  | { readonly type: 'cancel'; readonly id: number }
  | { readonly type: 'update'; readonly id: number; readonly seeds: readonly number[]; readonly z: readonly number[]; readonly alpha: number }
  | { readonly type: 'fingerprint'; readonly id: number }
  // A perturbation that stays active across requests until restored (the ES model server's /es/apply, /es/revert).
  | { readonly type: 'perturb' | 'restore'; readonly id: number; readonly seed: number; readonly sigma: number }
  | { readonly type: 'close'; readonly id: number };

export interface SerializedError {
  readonly code: string;
  readonly message: string;
  readonly aborted: boolean;
}

export type FromReplica =
  | { readonly type: 'ready' }
  | { readonly type: 'init-failed'; readonly error: SerializedError }
  | { readonly type: 'done'; readonly id: number; readonly value: Generation[] | string | number | null }
  | { readonly type: 'failed'; readonly id: number; readonly error: SerializedError };

/** workerData of a replica worker; the weights buffer is transferred, so the worker owns it. */
export interface ReplicaInit {
  readonly spec: ReplicaSpec;
  readonly weights: Float32Array;
}
