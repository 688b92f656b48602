import type { WeightLayout } from './types.ts';

/**
 * ES noise: eps(seed, tensorIndex, elementIndex) is a pure function, so perturb, restore and update regenerate
 * identical noise on any thread, in any order, in any chunking.
 *
 * Uniform bits come from a counter-based hash: a key pair derived from (seed, tensorIndex), then two rounds of a
 * 32-bit multiply-xorshift mixer over the element index. Each 32-bit word feeds a 128-layer ziggurat with disjoint
 * bits (7 layer bits, 1 sign bit, 24 magnitude bits), which accepts ~98.8% of draws with one multiply; the rare
 * rejections draw further words from a second keyed stream indexed by (element, attempt). Values are rounded to
 * float32 (noiseAt returns exactly what is added).
 *
 * One thread on purpose (benchmarks/es.ts): ~5.5 ns per float on an idle core, so perturb+restore of a 10M-float
 * model is ~0.1 s next to seconds per generated candidate. Worker threads over a SharedArrayBuffer are
 * bit-identical but gain at most the idle cores, which the replica workers and the sandbox already use; a shared
 * noise table is ~10x faster but costs its size in memory and makes directions shifted windows of one sequence.
 */

const LAYERS = 128;
const R = 3.442619855899; // start of the tail (Marsaglia & Tsang, 128 layers)
const V = 9.91256303526217e-3; // area of each layer under exp(-x^2/2)
const TWO_M24 = 2 ** -24;
const TWO_M32 = 2 ** -32;

const gauss = (x: number) => Math.exp(-0.5 * x * x);

/** Layer edges x[0] > x[1] = R > ... > x[128] = 0; layer i covers [0, x[i]] between heights f(x[i]) and f(x[i+1]). */
const edges = new Float64Array(LAYERS + 1);
edges[0] = V / gauss(R);
edges[1] = R;
for (let i = 1; i < LAYERS - 1; i++) edges[i + 1] = Math.sqrt(-2 * Math.log(V / edges[i] + gauss(edges[i])));
edges[LAYERS] = 0;
const heights = edges.map(gauss);
/**
 * Fast path, indexed by the word's low byte (bits 0-6 layer, bit 7 sign): magnitude bits m (24-bit) below
 * acceptInt[low] give m * signedScale[low], a point inside layer's inner rectangle. Branch-free sign on purpose:
 * a data-dependent sign branch mispredicts half the time.
 */
const acceptInt = new Int32Array(2 * LAYERS);
const signedScale = new Float64Array(2 * LAYERS);
for (let low = 0; low < 2 * LAYERS; low++) {
  const layer = low & (LAYERS - 1);
  // Layer 0's inner rectangle ends at R, the tail start.
  const inner = layer === 0 ? R : edges[layer + 1];
  acceptInt[low] = Math.floor((inner / edges[layer]) * 2 ** 24);
  signedScale[low] = (low & LAYERS ? -1 : 1) * edges[layer] * TWO_M24;
}

/**
 * An upper bound on |eps|: the tail's uniforms are >= 2^-33, so eps <= R + 33 ln 2 / R (~10.08), plus one float32
 * rounding. Used to bound perturbations.
 */
export const NOISE_MAX_ABS = (R + (33 * Math.LN2) / R) * (1 + 2 ** -23);

function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x21f0aaad);
  x ^= x >>> 15;
  x = Math.imul(x, 0x735a2d97);
  x ^= x >>> 15;
  return x;
}

/** Two 32-bit keys per (seed, tensorIndex): the main stream and the rejection stream. */
interface Keys {
  a: number;
  b: number;
  slowA: number;
  slowB: number;
}

function keysFor(seed: number, tensorIndex: number): Keys {
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31 - 1) {
    throw new RangeError(`noise seed must be an integer in [0, 2^31-1), got ${seed}`);
  }
  const s = mix32(seed ^ 0x6a09e667);
  const t = mix32(Math.imul(tensorIndex + 1, 0x9e3779b9) ^ 0x3c6ef372);
  return {
    a: mix32(s ^ t),
    b: mix32((s + 0x243f6a88) ^ mix32(t + 0x85a308d3)),
    slowA: mix32(s ^ t ^ 0x13198a2e),
    slowB: mix32((s + 0x03707344) ^ mix32(t + 0xa4093822)),
  };
}

/** Word n (n >= 1) of element j's rejection stream. */
const slowWord = (k: Keys, j: number, n: number) => mix32(mix32(j ^ k.slowA) ^ (k.slowB + Math.imul(n, 0x9e3779b9)));

/**
 * Rejection branch: redraw from the slow stream. (No closures here: tsx's keep-names helper makes creating one
 * per call expensive.)
 */
function slowNormal(k: Keys, j: number, first: number): number {
  let word = first;
  let n = 0;
  for (;;) {
    const low = word & 0xff;
    const layer = low & (LAYERS - 1);
    const sign = low & LAYERS ? -1 : 1;
    const m = word >>> 8;
    if (m < acceptInt[low]) return m * signedScale[low];
    if (layer === 0) {
      // Tail beyond R (Marsaglia 1964): uniforms in (0, 1).
      for (;;) {
        const a = -Math.log(((slowWord(k, j, ++n) >>> 0) + 0.5) * TWO_M32) / R;
        const b = -Math.log(((slowWord(k, j, ++n) >>> 0) + 0.5) * TWO_M32);
        if (b + b > a * a) return sign * (R + a);
      }
    }
    const x = m * edges[layer] * TWO_M24;
    const y = heights[layer] + ((slowWord(k, j, ++n) >>> 0) + 0.5) * TWO_M32 * (heights[layer + 1] - heights[layer]);
    if (y < gauss(x)) return sign * x;
    word = slowWord(k, j, ++n);
  }
}

/** One standard normal (float32 value) for element j; the fast path is inlined in fillKeyed. */
function normal(k: Keys, j: number): number {
  const word = mix32(mix32(j ^ k.a) ^ k.b);
  const low = word & 0xff;
  const m = word >>> 8;
  return Math.fround(m < acceptInt[low] ? m * signedScale[low] : slowNormal(k, j, word));
}

/** out[i] = eps for elements start..start+count-1 of the stream keyed by k (hot loop: hash and fast path inline). */
function fillKeyed(out: Float32Array, k: Keys, start: number, count: number): void {
  const a = k.a;
  const b = k.b;
  for (let i = 0; i < count; i++) {
    let x = (start + i) ^ a;
    x ^= x >>> 16;
    x = Math.imul(x, 0x21f0aaad);
    x ^= x >>> 15;
    x = Math.imul(x, 0x735a2d97);
    x = (x ^ (x >>> 15) ^ b) | 0;
    x ^= x >>> 16;
    x = Math.imul(x, 0x21f0aaad);
    x ^= x >>> 15;
    x = Math.imul(x, 0x735a2d97);
    x ^= x >>> 15;
    const low = x & 0xff;
    const m = x >>> 8;
    out[i] = m < acceptInt[low] ? m * signedScale[low] : slowNormal(k, start + i, x);
  }
}

/** eps(seed, tensorIndex, elementIndex): the standard normal noise value added to that weight. */
export function noiseAt(seed: number, tensorIndex: number, elementIndex: number): number {
  return normal(keysFor(seed, tensorIndex), elementIndex);
}

/** Fills out[0..count) with eps(seed, tensorIndex, start + i). Building block for chunked / threaded callers. */
export function fillNoise(out: Float32Array, seed: number, tensorIndex: number, start: number, count: number): void {
  fillKeyed(out, keysFor(seed, tensorIndex), start, count);
}

const CHUNK = 1 << 14; // noise is generated into a cache-sized scratch, then applied
// Scratch reused across calls (one per thread; visitors must not re-enter forEachNoiseSum).
const epsScratch = new Float32Array(CHUNK);
const sumScratch = new Float64Array(CHUNK);

/** Receives sums[j] = sum_i coeffs[i] * eps(seeds[i], t, start + j) for j < count, at flat offset slot.offset + start. */
export type NoiseSumVisitor = (tensorIndex: number, flatOffset: number, sums: Float64Array, count: number) => void;

/**
 * Walks the layout chunk by chunk, accumulating the weighted noise of every seed in float64 (in seed order), and
 * hands each chunk's sums to visit. The one loop behind every way of applying noise, so they all agree.
 */
export function forEachNoiseSum(
  layout: WeightLayout,
  seeds: readonly number[],
  coeffs: readonly number[],
  visit: NoiseSumVisitor,
  tensorScales?: ArrayLike<number>,
): void {
  if (seeds.length !== coeffs.length) {
    throw new RangeError(`noise: ${seeds.length} seeds but ${coeffs.length} coefficients`);
  }
  const eps = epsScratch;
  const sums = sumScratch;
  layout.tensors.forEach((slot, t) => {
    // A tensor outside the ES scope (scale 0) gets no noise at all: none is even generated.
    const scale = tensorScales ? tensorScales[t] : 1;
    if (scale === 0) return;
    const keys = seeds.map((s) => keysFor(s, t));
    for (let start = 0; start < slot.length; start += CHUNK) {
      const count = Math.min(CHUNK, slot.length - start);
      // The first seed's terms are written, not added to zeros (0 + x kept: -0 becomes +0, as it would by adding).
      if (keys.length === 0) sums.fill(0, 0, count);
      for (let i = 0; i < keys.length; i++) {
        const c = coeffs[i] * scale;
        // A seed repeated next to itself (a mirrored pair's two directions in an update) reuses its noise.
        if (i === 0 || seeds[i] !== seeds[i - 1]) fillKeyed(eps, keys[i], start, count);
        if (i === 0) for (let j = 0; j < count; j++) sums[j] = 0 + c * eps[j];
        else for (let j = 0; j < count; j++) sums[j] += c * eps[j];
      }
      visit(t, slot.offset + start, sums, count);
    }
  });
}

/**
 * weights[j] += sum_i coeffs[i] * eps(seeds[i], t, j): the sum is accumulated in float64 per element (in seed
 * order) and added once, so the result has a single float32 rounding and does not depend on chunking.
 */
export function addCombinedNoise(
  weights: Float32Array,
  layout: WeightLayout,
  seeds: readonly number[],
  coeffs: readonly number[],
): void {
  checkBuffer(weights, layout);
  forEachNoiseSum(layout, seeds, coeffs, (_t, base, sums, count) => {
    for (let j = 0; j < count; j++) weights[base + j] += sums[j];
  });
}

/**
 * weights[j] += scale * eps(seed, t, j) over every tensor of the layout: one float32 rounding per element.
 * Plain float addition: adding -scale afterwards undoes it only up to rounding (WeightsEs is exact).
 */
export function addNoise(weights: Float32Array, layout: WeightLayout, seed: number, scale: number): void {
  addCombinedNoise(weights, layout, [seed], [scale]);
}

export function checkBuffer(weights: Float32Array, layout: WeightLayout): void {
  if (weights.length < layout.totalLength) {
    throw new RangeError(`weights hold ${weights.length} floats but the layout needs ${layout.totalLength}`);
  }
}
