import type { WeightLayout } from '../../es/types.ts';
import { type Feeds, type Session, floatTensor, int64Tensor, maskTensor } from './ort.ts';
import { createKvCache } from './kv-cache.ts';
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

/**
 * Most positions a forward pass takes. A search's prompts run to thousands of tokens, and a whole prompt in one pass
 * makes attention scores of batch x heads x width^2 floats: gigabytes at batch 5, which onnxruntime's arena keeps.
 * Longer appends are fed in chunks through the cache; each position's logits come out bit for bit as in one pass
 * (tests/llm/onnx-kv-cache.test.ts), so chunking changes no run.
 */
export const PREFILL_CHUNK = 128;

export class CausalLm {
  readonly #session: Session;
  readonly #signature: CausalLmSignature;
  readonly #weightFeeds: Feeds;
  readonly #prefillChunk: number;

  constructor(session: Session, signature: CausalLmSignature, layout: WeightLayout, weights: Float32Array, prefillChunk = PREFILL_CHUNK) {
    this.#session = session;
    this.#signature = signature;
    this.#prefillChunk = prefillChunk;
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
    const cache = createKvCache(this.#signature, size);
    // Per sequence: its attention mask over the cache so far, and how many real tokens it has.
    let masks: number[][] = Array.from({ length: size }, () => []);
    let counts: number[] = new Array<number>(size).fill(0);

    const append = async (tokens: readonly (readonly number[])[]): Promise<Float32Array[]> => {
      if (tokens.length !== size) throw new Error(`batch has ${size} sequences, got tokens for ${tokens.length}`);
      const width = Math.max(...tokens.map((t) => t.length));
      // Row-major [size, width], left-padded.
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
      const before = masks[0].length - width;
      // A decoding step (one chunk, the usual case) feeds the arrays as they are.
      const columns = (values: number[], start: number, end: number) =>
        end - start === width ? values : Array.from({ length: size }, (_, r) => values.slice(r * width + start, r * width + end)).flat();
      let outputs: Feeds = {};
      let chunk = 0;
      for (let start = 0; start < width; start += chunk) {
        chunk = Math.min(this.#prefillChunk, width - start);
        const feeds: Feeds = { ...cache.pastFeeds(), input_ids: int64Tensor(columns(ids, start, start + chunk), [size, chunk]) };
        if (feedsAttentionMask) feeds.attention_mask = maskTensor(masks, before + start + chunk);
        if (feedsPositionIds) feeds.position_ids = int64Tensor(columns(positions, start, start + chunk), [size, chunk]);
        outputs = await this.#run(feeds);
        cache.append(outputs);
      }
      // Every row ends at the last column (left padding), so the last chunk holds every row's last logits.
      const vocab = outputs.logits.dims[2];
      const data = outputs.logits.data as Float32Array;
      return Array.from({ length: size }, (_, r) => data.slice(((r + 1) * chunk - 1) * vocab, (r + 1) * chunk * vocab));
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
