/**
 * A cheap 64-bit fingerprint of a weight buffer's exact bits (two independent multiply-xorshift lanes over the
 * 32-bit words, plus the length). Equal buffers give equal strings; it is not a cryptographic hash.
 */
export function weightsFingerprint(weights: Float32Array): string {
  const words = new Uint32Array(weights.buffer, weights.byteOffset, weights.length);
  let h1 = 0x9e3779b9 ^ words.length;
  let h2 = 0x85ebca6b;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul((h2 ^ w) + i, 0x2c1b3c6d);
    h2 ^= h2 >>> 15;
  }
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x7feb352d);
  h1 ^= h1 >>> 15;
  const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
  return hex(h1) + hex(h2);
}
