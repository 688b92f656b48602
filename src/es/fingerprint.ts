import { createHash } from 'node:crypto';

/**
 * Fingerprint of a weight buffer's exact bytes: the first 16 hex digits of their SHA-256 (native, ~5 ms per
 * million floats). The onnx replicas fingerprint their weights the same way, so live and replayed weights compare.
 */
export function weightsFingerprint(weights: Float32Array): string {
  const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}
