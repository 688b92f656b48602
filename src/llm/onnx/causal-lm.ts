import type { WeightLayout } from '../../es/types.ts';
import { type Feeds, type Session, floatTensor, int64Tensor } from './ort.ts';
import type { CausalLmSignature } from './signature.ts';

/**
 * Forward passes of a causal LM session over a batch of sequences. The weight feeds are zero-copy views of the
 * flat weight buffer, passed on every run, so in-place changes to the buffer take effect at the next step.
 *
 * Sequences of different lengths are left-padded: padded positions get attention_mask 0 and each sequence's
 * positions count its own tokens only, as the export layout defines (signature.ts). A batch of one has no padding,
 * so it computes exactly what a single sequence does.
 */
export interface Batch {
  /** Sequences still in the batch. */
  readonly size: number;
  /**
   * Feeds the prompts (first call) or one token per sequence, in batch order; returns the logits after each
   * sequence's last token (fresh arrays the caller may edit).
   */
  append(tokens: readonly (readonly number[])[]): Promise<Float32Array[]>;
  /** Keeps only the sequences at these batch positions (ascending), dropping the others' cache rows. */
  keep(rows: readonly number[]): void;
}

export class CausalLm {
  readonly #session: Session;
  readonly #signature: CausalLmSignature;
  readonly #weightFeeds: Feeds;

  constructor(session: Session, signature: CausalLmSignature, layout: WeightLayout, weights: Float32Array) {
    this.#session = session;
    this.#signature = signature;
    this.#weightFeeds = Object.fromEntries(
      layout.tensors.map((t) => [t.name, floatTensor(weights.subarray(t.offset, t.offset + t.length), t.dims)]),
    );
  }

  /** Whether several sequences can share a forward pass (a KV cache, and masks and positions as inputs). */
  get batches(): boolean {
    const { cache, feedsAttentionMask, feedsPositionIds } = this.#signature;
    return cache.length > 0 && feedsAttentionMask && feedsPositionIds;
  }

  /** A batch of `size` sequences; more than one needs `batches`. */
  startBatch(size: number): Batch {
    if (this.#signature.cache.length === 0) {
      if (size !== 1) throw new Error('a model without a KV cache decodes one sequence at a time');
      return this.#recomputed();
    }
    if (size > 1 && !this.batches) throw new Error('this model export has no attention_mask/position_ids inputs');
    return this.#cached(size);
  }

  release(): Promise<void> {
    return this.#session.release();
  }

  async #run(feeds: Feeds): Promise<Feeds> {
    return this.#session.run({ ...this.#weightFeeds, ...feeds });
  }

  #cached(initialSize: number): Batch {
    const { feedsAttentionMask, feedsPositionIds } = this.#signature;
    let size = initialSize;
    const cache = this.#signature.cacheLayout === 'time-major' ? new TimeMajorCache(this.#signature, size) : new BatchMajorCache(this.#signature, size);
    // Per sequence: its attention mask over the cache so far, and how many real tokens it has.
    let masks: number[][] = Array.from({ length: size }, () => []);
    let counts: number[] = new Array<number>(size).fill(0);

    const append = async (tokens: readonly (readonly number[])[]): Promise<Float32Array[]> => {
      if (tokens.length !== size) throw new Error(`batch has ${size} sequences, got tokens for ${tokens.length}`);
      const width = Math.max(...tokens.map((t) => t.length));
      const ids: number[] = [];
      const positions: number[] = [];
      for (let r = 0; r < size; r++) {
        const pad = width - tokens[r].length;
        for (let k = 0; k < width; k++) {
          const real = k >= pad;
          ids.push(real ? tokens[r][k - pad] : 0);
          positions.push(real ? counts[r] + k - pad : 0);
          masks[r].push(real ? 1 : 0);
        }
        counts[r] += tokens[r].length;
      }
      const total = masks[0].length;
      const feeds: Feeds = { ...cache.pastFeeds(), input_ids: int64Tensor(ids, [size, width]) };
      if (feedsAttentionMask) feeds.attention_mask = int64Tensor(masks.flat(), [size, total]);
      if (feedsPositionIds) feeds.position_ids = int64Tensor(positions, [size, width]);
      const outputs = await this.#run(feeds);
      cache.append(outputs);
      const logits = outputs.logits;
      const vocab = logits.dims[2];
      const data = logits.data as Float32Array;
      return Array.from({ length: size }, (_, r) => data.slice(((r + 1) * width - 1) * vocab, (r + 1) * width * vocab));
    };

    const keep = (rows: readonly number[]): void => {
      if (rows.length === size) return;
      cache.keep(rows);
      masks = rows.map((r) => masks[r]);
      counts = rows.map((r) => counts[r]);
      size = rows.length;
    };

    return {
      get size() {
        return size;
      },
      append,
      keep,
    };
  }

  /** Models exported without a cache see the whole sequence at every step (one sequence). */
  #recomputed(): Batch {
    const all: number[] = [];
    const { feedsAttentionMask, feedsPositionIds } = this.#signature;
    return {
      size: 1,
      append: async ([tokens]) => {
        all.push(...tokens);
        const feeds: Feeds = { input_ids: int64Tensor(all, [1, all.length]) };
        if (feedsAttentionMask) feeds.attention_mask = int64Tensor(new Array<number>(all.length).fill(1), [1, all.length]);
        if (feedsPositionIds) feeds.position_ids = int64Tensor(Array.from(all, (_, i) => i), [1, all.length]);
        const logits = (await this.#run(feeds)).logits;
        const vocab = logits.dims[2];
        return [(logits.data as Float32Array).slice((all.length - 1) * vocab, all.length * vocab)];
      },
      keep: () => {},
    };
  }
}

/** A batch's KV cache between forward passes: the past it feeds, and how a pass's cache outputs extend it. */
interface KvCache {
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
      const [, ...rest] = tensor.dims;
      const stride = rest.reduce((a, b) => a * b, 1);
      const data = tensor.data as Float32Array;
      const out = new Float32Array(rows.length * stride);
      rows.forEach((r, i) => out.set(data.subarray(r * stride, (r + 1) * stride), i * stride));
      kept[name] = floatTensor(out, [rows.length, ...rest]);
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
    const row = this.#rowLength;
    this.#buffers = this.#buffers.map((buffer) => {
      const out = new Float32Array(this.#positions * rows.length * row);
      for (let t = 0; t < this.#positions; t++) {
        rows.forEach((r, i) => out.set(buffer.subarray((t * this.#size + r) * row, (t * this.#size + r + 1) * row), (t * rows.length + i) * row));
      }
      return out;
    });
    this.#size = rows.length;
  }
}
