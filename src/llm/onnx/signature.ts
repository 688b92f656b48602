import { AhdError, ErrorCode } from '../../errors.ts';
import { DataType, GraphField, type ValueDesc, describeValues, graphOf, initializerName, readFields } from './onnx-proto.ts';

/**
 * The I/O convention of a causal LM export (Hugging Face layout): inputs input_ids, attention_mask and
 * position_ids [batch, seq] (mask [batch, past+seq]), past_key_values.{i}.key/.value [batch, heads, past,
 * head_dim]; outputs logits [batch, seq, vocab] and present.{i}.key/.value. The mask, positions and cache are
 * optional: a model without a cache is run on the whole sequence at every step.
 */
export interface CacheLayer {
  readonly pastKey: string;
  readonly pastValue: string;
  /** The graph's cache outputs: the whole cache (batch-major), or only this step's positions (time-major). */
  readonly presentKey: string;
  readonly presentValue: string;
}

export interface CausalLmSignature {
  readonly feedsAttentionMask: boolean;
  readonly feedsPositionIds: boolean;
  readonly cache: readonly CacheLayer[];
  /** Heads and head size of the cache tensors (dims 1 and 3 of the export's layout). */
  readonly kvHeads: number;
  readonly headDim: number;
  /**
   * 'batch-major': the export's layout (past [batch, heads, past, head_dim] in, the whole cache out);
   * 'time-major': rewritten by time-major-cache.ts (past [past, batch, heads, head_dim] in, new positions out).
   */
  readonly cacheLayout: 'batch-major' | 'time-major';
}

const TOKEN_INPUTS = new Set(['input_ids', 'attention_mask', 'position_ids']);
const PAST = /^past_key_values\.(\d+)\.(key|value)$/;

export function causalLmSignature(modelBytes: Uint8Array, config: Record<string, unknown>, path: string): CausalLmSignature {
  let inputs: ValueDesc[];
  let outputs: ValueDesc[];
  let initializers: Set<string>;
  try {
    const graph = readFields(graphOf(modelBytes));
    inputs = describeValues(graph, GraphField.input);
    outputs = describeValues(graph, GraphField.output);
    initializers = new Set(graph.filter((f) => f.field === GraphField.initializer).map((f) => initializerName(f.body!)));
  } catch (error) {
    throw new AhdError(ErrorCode.Model, `${path} is not a valid ONNX model (${(error as Error).message})`, { cause: error });
  }
  const notCausalLm = (why: string) => new AhdError(ErrorCode.Model, `${path} is not a causal LM: ${why}`);
  const names = new Set(inputs.map((i) => i.name));
  if (!names.has('input_ids')) throw notCausalLm("no 'input_ids' input");
  if (!outputs.some((o) => o.name === 'logits')) throw notCausalLm("no 'logits' output");

  const pasts = inputs.filter((i) => PAST.test(i.name));
  const layerCount = Math.max(-1, ...pasts.map((p) => Number(PAST.exec(p.name)![1]))) + 1;
  const cache: CacheLayer[] = Array.from({ length: layerCount }, (_, i) => ({
    pastKey: `past_key_values.${i}.key`,
    pastValue: `past_key_values.${i}.value`,
    presentKey: `present.${i}.key`,
    presentValue: `present.${i}.value`,
  }));
  const outputNames = new Set(outputs.map((o) => o.name));
  for (const layer of cache) {
    for (const [past, present] of [[layer.pastKey, layer.presentKey], [layer.pastValue, layer.presentValue]]) {
      if (!names.has(past)) throw notCausalLm(`cache input ${past} is missing`);
      if (!outputNames.has(present)) throw notCausalLm(`cache output ${present} is missing`);
    }
  }
  if (pasts.some((p) => p.elemType !== DataType.FLOAT)) throw notCausalLm('only a float32 KV cache is supported');
  // Other inputs may only be weights that also have an initializer (older IRs declare initializers as inputs).
  const unknown = inputs.find((i) => !TOKEN_INPUTS.has(i.name) && !PAST.test(i.name) && !initializers.has(i.name));
  if (unknown) throw notCausalLm(`unsupported input '${unknown.name}'`);

  const { kvHeads, headDim } = cacheShape(pasts[0], config);
  return {
    feedsAttentionMask: names.has('attention_mask'),
    feedsPositionIds: names.has('position_ids'),
    cache,
    kvHeads,
    headDim,
    cacheLayout: 'batch-major',
  };
}

/** Cache tensor dims 1 (heads) and 3 (head size): from the graph when fixed, else from config.json. */
function cacheShape(past: ValueDesc | undefined, config: Record<string, unknown>): { kvHeads: number; headDim: number } {
  if (!past) return { kvHeads: 0, headDim: 0 };
  const num = (key: string) => (typeof config[key] === 'number' ? (config[key] as number) : undefined);
  const heads = num('num_attention_heads') ?? num('n_head');
  const hidden = num('hidden_size') ?? num('n_embd');
  const kvHeads = past.dims?.[1] ?? num('num_key_value_heads') ?? heads;
  const headDim = past.dims?.[3] ?? num('head_dim') ?? (hidden && heads ? hidden / heads : undefined);
  if (!kvHeads || !headDim) {
    throw new AhdError(ErrorCode.Model, `config.json: cannot tell the KV cache shape (need num_attention_heads and hidden_size)`);
  }
  return { kvHeads, headDim };
}
