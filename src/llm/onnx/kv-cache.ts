import { type Feeds, floatTensor } from './ort.ts';
import type { CausalLmSignature } from './signature.ts';

/** The cache of a batch of `size` sequences, in the layout the signature's graph takes. */
export function createKvCache(signature: CausalLmSignature, size: number): KvCache {
  return signature.cacheLayout === 'time-major' ? new TimeMajorCache(signature, size) : new BatchMajorCache(signature, size);
}

/** A batch's KV cache between forward passes: the past it feeds, and how a pass's cache outputs extend it. */
export interface KvCache {
  pastFeeds(): Feeds;
  append(outputs: Feeds): void;
  /** Keeps the sequences at these batch positions (ascending). */
  keep(rows: readonly number[]): void;
}

/** The export's own layout: each pass outputs the whole cache [batch, heads, total, head_dim], fed back as the past. */
class BatchMajorCache implements KvCache {
  readonly #layers: CausalLmSignature['cache'];
  #past: Feeds = {};

  constructor(signature: CausalLmSignature, size: number) {
    this.#layers = signature.cache;
    const empty = new Float32Array(0);
    for (const layer of this.#layers) {
      this.#past[layer.pastKey] = floatTensor(empty, [size, signature.kvHeads, 0, signature.headDim]);
      this.#past[layer.pastValue] = floatTensor(empty, [size, signature.kvHeads, 0, signature.headDim]);
    }
  }

  pastFeeds(): Feeds {
    return this.#past;
  }

  append(outputs: Feeds): void {
    this.#past = {};
    for (const layer of this.#layers) {
      this.#past[layer.pastKey] = outputs[layer.presentKey];
      this.#past[layer.pastValue] = outputs[layer.presentValue];
    }
  }

  keep(rows: readonly number[]): void {
    const kept: Feeds = {};
    for (const [name, tensor] of Object.entries(this.#past)) {
      const [size, ...rest] = tensor.dims;
      const data = gatherRows(tensor.data as Float32Array, 1, size, rest.reduce((a, b) => a * b, 1), rows);
      kept[name] = floatTensor(data, [rows.length, ...rest]);
    }
    this.#past = kept;
  }
}

/**
 * The rewritten layout (time-major-cache.ts): one growing buffer per cache tensor, [positions, batch, heads,
 * head_dim]; the past fed is a view of its filled prefix, and each pass's new positions are appended.
 */
class TimeMajorCache implements KvCache {
  readonly #pairs: readonly { readonly past: string; readonly delta: string }[];
  readonly #heads: number;
  readonly #headDim: number;
  /** Floats per position and sequence (heads x head_dim). */
  readonly #rowLength: number;
  #size: number;
  #positions = 0;
  #buffers: Float32Array[];

  constructor(signature: CausalLmSignature, size: number) {
    this.#pairs = signature.cache.flatMap((l) => [
      { past: l.pastKey, delta: l.presentKey },
      { past: l.pastValue, delta: l.presentValue },
    ]);
    this.#heads = signature.kvHeads;
    this.#headDim = signature.headDim;
    this.#rowLength = signature.kvHeads * signature.headDim;
    this.#size = size;
    this.#buffers = this.#pairs.map(() => new Float32Array(0));
  }

  pastFeeds(): Feeds {
    const filled = this.#positions * this.#size * this.#rowLength;
    const dims = [this.#positions, this.#size, this.#heads, this.#headDim];
    return Object.fromEntries(this.#pairs.map((p, i) => [p.past, floatTensor(this.#buffers[i].subarray(0, filled), dims)]));
  }

  append(outputs: Feeds): void {
    const step = this.#size * this.#rowLength;
    this.#pairs.forEach((p, i) => {
      const delta = outputs[p.delta].data as Float32Array;
      const needed = this.#positions * step + delta.length;
      if (needed > this.#buffers[i].length) {
        // Doubling keeps the copies of a whole generation linear in its length.
        const grown = new Float32Array(Math.max(needed, 2 * this.#buffers[i].length));
        grown.set(this.#buffers[i].subarray(0, this.#positions * step));
        this.#buffers[i] = grown;
      }
      this.#buffers[i].set(delta, this.#positions * step);
    });
    this.#positions += outputs[this.#pairs[0].delta].dims[0];
  }

  keep(rows: readonly number[]): void {
    this.#buffers = this.#buffers.map((buffer) => gatherRows(buffer, this.#positions, this.#size, this.#rowLength, rows));
    this.#size = rows.length;
  }
}

/**
 * `data` as `blocks` consecutive blocks of `size` rows of `rowLength` floats: rows `rows` of every block, packed
 * in order. The batch-major cache is one block of sequences; the time-major one, a block per position.
 */
function gatherRows(data: Float32Array, blocks: number, size: number, rowLength: number, rows: readonly number[]): Float32Array {
  const out = new Float32Array(blocks * rows.length * rowLength);
  for (let b = 0; b < blocks; b++) {
    rows.forEach((r, i) => {
      const from = (b * size + r) * rowLength;
      out.set(data.subarray(from, from + rowLength), (b * rows.length + i) * rowLength);
    });
  }
  return out;
}
