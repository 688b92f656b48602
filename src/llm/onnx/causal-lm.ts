import type { WeightLayout } from '../../es/types.ts';
import { type Feeds, type Session, floatTensor, int64Tensor } from './ort.ts';
import type { CausalLmSignature } from './signature.ts';

/**
 * Forward passes of a causal LM session for one sequence (batch 1). The weight feeds are zero-copy views of
 * the flat weight buffer, passed on every run, so in-place changes to the buffer take effect at the next step.
 */
export interface Sequence {
  /** Tokens so far. */
  readonly length: number;
  /** Appends tokens and returns the logits after the last one (a fresh array the caller may edit). */
  append(tokens: readonly number[]): Promise<Float32Array>;
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

  startSequence(): Sequence {
    return this.#signature.cache.length > 0 ? this.#cachedSequence() : this.#recomputedSequence();
  }

  release(): Promise<void> {
    return this.#session.release();
  }

  async #forward(tokens: readonly number[], pastLength: number, past: Feeds): Promise<{ logits: Float32Array; outputs: Feeds }> {
    const { feedsAttentionMask, feedsPositionIds } = this.#signature;
    const feeds: Feeds = { ...this.#weightFeeds, ...past, input_ids: int64Tensor(tokens, [1, tokens.length]) };
    const total = pastLength + tokens.length;
    if (feedsAttentionMask) feeds.attention_mask = int64Tensor(new Array<number>(total).fill(1), [1, total]);
    if (feedsPositionIds) {
      feeds.position_ids = int64Tensor(Array.from(tokens, (_, i) => pastLength + i), [1, tokens.length]);
    }
    const outputs = await this.#session.run(feeds);
    const logits = outputs.logits;
    const vocab = logits.dims[2];
    const data = logits.data as Float32Array;
    return { logits: data.slice((tokens.length - 1) * vocab, tokens.length * vocab), outputs };
  }

  #cachedSequence(): Sequence {
    const { cache, kvHeads, headDim } = this.#signature;
    const empty = new Float32Array(0);
    let past: Feeds = {};
    for (const layer of cache) {
      past[layer.pastKey] = floatTensor(empty, [1, kvHeads, 0, headDim]);
      past[layer.pastValue] = floatTensor(empty, [1, kvHeads, 0, headDim]);
    }
    let length = 0;
    return {
      get length() {
        return length;
      },
      append: async (tokens) => {
        const { logits, outputs } = await this.#forward(tokens, length, past);
        past = {};
        for (const layer of cache) {
          past[layer.pastKey] = outputs[layer.presentKey];
          past[layer.pastValue] = outputs[layer.presentValue];
        }
        length += tokens.length;
        return logits;
      },
    };
  }

  /** Models exported without a cache see the whole sequence at every step. */
  #recomputedSequence(): Sequence {
    const all: number[] = [];
    return {
      get length() {
        return all.length;
      },
      append: async (tokens) => {
        all.push(...tokens);
        return (await this.#forward(all, 0, {})).logits;
      },
    };
  }
}
