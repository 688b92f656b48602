import {
  type DecodedValueInfo,
  GraphField,
  NodeProto,
  ValueInfoProto,
  type WireField,
  graphOf,
  lengthDelimited,
  readFields,
  replaceGraph,
  toNumber,
  valueInfoName,
} from './onnx-proto.ts';
import type { CacheLayer, CausalLmSignature } from './signature.ts';

/**
 * A time-major KV cache for a standard causal LM export. The export takes past_key_values.{i}.key/.value as
 * [batch, heads, past, head_dim], concatenates this step's keys and values onto them (Concat on axis 2) and
 * outputs the whole result as present.{i}.*: every decoding step copies the entire cache out of onnxruntime
 * into fresh JavaScript arrays, which costs as much as the step's arithmetic (ahd-heuristic-lm, batch 5, 600
 * cached positions: 14.4 ms with the present outputs fetched, 7.6 ms without; benchmarks/llm-onnx.ts).
 *
 * The rewritten graph takes the past as [past, batch, heads, head_dim] and transposes it inside onnxruntime,
 * and outputs only this step's positions, delta.{i}.* as [seq, batch, heads, head_dim]. In that order a
 * cache grows by appending at its end, so the caller keeps one buffer per cache tensor, passes a prefix view
 * of it as the past, and appends each delta: nothing is copied but the new positions. Transposes copy values
 * exactly and every other node sees the same tensors as before, so the logits are bit for bit the same.
 *
 * Returns undefined (the model runs as exported) unless every cache layer has that standard pattern.
 */
export interface TimeMajorModel {
  readonly modelBytes: Uint8Array;
  readonly signature: CausalLmSignature;
}

/** The graph decoding runs: the time-major rewrite where the export allows it, else the export as it is. */
export function decodingGraph(modelBytes: Uint8Array, signature: CausalLmSignature): TimeMajorModel {
  return timeMajorCache(modelBytes, signature) ?? { modelBytes, signature };
}

interface DecodedNode {
  input: string[];
  output: string[];
  opType: string;
  attribute: { name: string; i?: number | { toNumber(): number }; ints?: unknown[] }[];
}

const INTS = 7;
/** [past, batch, heads, dim] -> [batch, heads, past, dim], and [batch, heads, seq, dim] -> [seq, batch, heads, dim]. */
const TO_BATCH_MAJOR = [1, 2, 0, 3];
const TO_TIME_MAJOR = [2, 0, 1, 3];

export function timeMajorCache(modelBytes: Uint8Array, signature: CausalLmSignature): TimeMajorModel | undefined {
  if (signature.cache.length === 0 || signature.cacheLayout === 'time-major') return undefined;
  const fields = readFields(graphOf(modelBytes));
  const nodes = fields.map((f) => (f.field === GraphField.node && f.body ? (NodeProto.decode(f.body) as unknown as DecodedNode) : undefined));
  const presents = new Map<string, string>(); // present output -> the new positions (the Concat's second input)
  for (const layer of signature.cache) {
    for (const [past, present] of [[layer.pastKey, layer.presentKey], [layer.pastValue, layer.presentValue]]) {
      const concat = nodes.find((n) => n?.output.length === 1 && n.output[0] === present);
      if (!concat || concat.opType !== 'Concat' || concat.input.length !== 2 || concat.input[0] !== past) return undefined;
      const axis = concat.attribute.find((a) => a.name === 'axis');
      if (!axis || ![2, -2].includes(toNumber(axis.i as number))) return undefined;
      presents.set(present, concat.input[1]);
    }
  }
  const pasts = new Set(signature.cache.flatMap((l) => [l.pastKey, l.pastValue]));
  const inner = (past: string) => `${past}.batch_major`;
  const delta = (present: string) => present.replace(/^present\./, 'delta.');

  // A node list must stay topologically sorted: the past inputs' transposes first (every node that read a past
  // input reads its batch-major view), then the graph's nodes, then the deltas' transposes.
  const pastTransposes = [...pasts].map((past) => nodeField(transpose(past, inner(past), TO_BATCH_MAJOR)));
  const graphNodes: Uint8Array[] = [];
  const deltaTransposes: Uint8Array[] = [];
  const others: Uint8Array[] = [];
  fields.forEach((field, i) => {
    const node = nodes[i];
    const name = field.field === GraphField.input || field.field === GraphField.output ? valueInfoName(field.body!) : '';
    if (node) {
      const readsPast = node.input.some((x) => pasts.has(x));
      if (readsPast) node.input = node.input.map((x) => (pasts.has(x) ? inner(x) : x));
      graphNodes.push(readsPast ? nodeField(node) : field.raw);
    } else if (field.field === GraphField.input && pasts.has(name)) {
      others.push(permutedValue(field, GraphField.input, TO_TIME_MAJOR));
    } else if (field.field === GraphField.output && presents.has(name)) {
      deltaTransposes.push(nodeField(transpose(presents.get(name)!, delta(name), TO_TIME_MAJOR)));
      others.push(permutedValue(field, GraphField.output, TO_TIME_MAJOR, delta(name), 'seq'));
    } else {
      others.push(field.raw);
    }
  });
  const cache: CacheLayer[] = signature.cache.map((l) => ({ ...l, presentKey: delta(l.presentKey), presentValue: delta(l.presentValue) }));
  const parts = [...pastTransposes, ...graphNodes, ...deltaTransposes, ...others];
  return { modelBytes: replaceGraph(modelBytes, parts), signature: { ...signature, cache, cacheLayout: 'time-major' } };
}

function transpose(input: string, output: string, perm: readonly number[]) {
  return NodeProto.create({ input: [input], output: [output], name: output, opType: 'Transpose', attribute: [{ name: 'perm', type: INTS, ints: perm }] });
}

function nodeField(node: DecodedNode | ReturnType<typeof NodeProto.create>): Uint8Array {
  return lengthDelimited(GraphField.node, NodeProto.encode(node as never).finish());
}

/**
 * A declared input or output with its dims reordered (dims[perm[k]] becomes dim k), renamed when asked; `seq`
 * names the first dim of a delta (its length is the step's, not the cache's).
 */
function permutedValue(field: WireField, graphField: number, perm: readonly number[], name?: string, seq?: string): Uint8Array {
  const info = ValueInfoProto.decode(field.body!) as unknown as DecodedValueInfo;
  const dims = info.type?.tensorType?.shape?.dim;
  if (dims && dims.length === 4) {
    const reordered = perm.map((k) => dims[k]);
    if (seq) reordered[0] = { dimParam: seq };
    info.type!.tensorType!.shape!.dim = reordered;
  }
  if (name) info.name = name;
  return lengthDelimited(graphField, ValueInfoProto.encode(info as never).finish());
}
