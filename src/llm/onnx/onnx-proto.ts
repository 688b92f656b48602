import protobuf from 'protobufjs';
import { fileURLToPath } from 'node:url';

/**
 * Reading and splicing ONNX model files. Message types come from the ONNX project's onnx.proto (shipped next
 * to this file). ModelProto and GraphProto are walked at the wire level and every field we do not edit is
 * copied byte for byte, so fields of newer ONNX versions survive and the (large) node list is never decoded.
 */
const root = protobuf.loadSync(fileURLToPath(new URL('./onnx.proto', import.meta.url)));
export const TensorProto = root.lookupType('onnx.TensorProto');
export const ValueInfoProto = root.lookupType('onnx.ValueInfoProto');
export const NodeProto = root.lookupType('onnx.NodeProto');

export const DataType = { FLOAT: 1 } as const;
export const DataLocation = { EXTERNAL: 1 } as const;

const MODEL_GRAPH = 7;
export const GraphField = { node: 1, initializer: 5, input: 11, output: 12 } as const;
const WIRE_LEN = 2;

type Long = { toNumber(): number };
/** int64 fields decode to Long objects (protobufjs uses the 'long' package when present). */
export const toNumber = (v: number | Long | null | undefined): number =>
  v == null ? 0 : typeof v === 'number' ? v : v.toNumber();

/** One top-level field of a message: its number, wire type, whole encoding, and (length-delimited) body. */
export interface WireField {
  readonly field: number;
  readonly raw: Uint8Array;
  readonly body?: Uint8Array;
}

/** Splits a message into its fields; throws protobufjs errors on malformed input. */
export function readFields(bytes: Uint8Array): WireField[] {
  const reader = protobuf.Reader.create(bytes);
  const fields: WireField[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wire = tag & 7;
    if (field === 0) throw new Error(`invalid field number 0 at byte ${start}`);
    if (wire === WIRE_LEN) {
      const length = reader.uint32();
      const bodyStart = reader.pos;
      reader.skip(length);
      fields.push({ field, raw: bytes.subarray(start, reader.pos), body: bytes.subarray(bodyStart, reader.pos) });
    } else {
      reader.skipType(wire);
      fields.push({ field, raw: bytes.subarray(start, reader.pos) });
    }
  }
  return fields;
}

/** The encoding of one length-delimited field. */
export function lengthDelimited(field: number, body: Uint8Array): Uint8Array {
  return protobuf.Writer.create().uint32((field << 3) | WIRE_LEN).bytes(body).finish();
}

export function graphOf(modelBytes: Uint8Array): Uint8Array {
  const graph = readFields(modelBytes).find((f) => f.field === MODEL_GRAPH);
  if (!graph?.body) throw new Error('the model has no graph');
  return graph.body;
}

/** The model with its graph replaced by the concatenation of the given graph field encodings. */
export function replaceGraph(modelBytes: Uint8Array, graphParts: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const f of readFields(modelBytes)) {
    parts.push(f.field === MODEL_GRAPH ? lengthDelimited(MODEL_GRAPH, Buffer.concat(graphParts)) : f.raw);
  }
  return Buffer.concat(parts);
}

/** A declared graph input or output: element type and dims (null where symbolic or unknown). */
export interface ValueDesc {
  readonly name: string;
  readonly elemType: number;
  readonly dims: readonly (number | null)[] | null;
}

export interface DecodedValueInfo {
  name: string;
  type?: { tensorType?: { elemType?: number; shape?: { dim?: { dimValue?: number | Long; dimParam?: string }[] } } };
}

/** The graph's declared inputs (GraphField.input) or outputs (GraphField.output). */
export function describeValues(graphFields: readonly WireField[], field: number): ValueDesc[] {
  return graphFields
    .filter((f) => f.field === field && f.body)
    .map((f) => {
      const info = ValueInfoProto.decode(f.body!) as unknown as DecodedValueInfo;
      const tensor = info.type?.tensorType;
      // Unset proto2 fields read as prototype defaults, so only own properties count as set.
      const dims = tensor?.shape?.dim?.map((d) => (Object.hasOwn(d, 'dimValue') ? toNumber(d.dimValue) : null)) ?? null;
      return { name: info.name, elemType: tensor?.elemType ?? 0, dims };
    });
}

const TENSOR_NAME = 8;
const VALUE_INFO_NAME = 1;

/** The string in field `field` of a message, read without decoding the rest (e.g. a tensor's data). */
function stringField(body: Uint8Array, field: number): string {
  const found = readFields(body).find((f) => f.field === field);
  return found?.body ? Buffer.from(found.body).toString('utf8') : '';
}

export const initializerName = (body: Uint8Array) => stringField(body, TENSOR_NAME);
export const valueInfoName = (body: Uint8Array) => stringField(body, VALUE_INFO_NAME);

/** A float32 graph input declaration with fixed dims. */
export function floatInput(name: string, dims: readonly number[]): Uint8Array {
  const message = ValueInfoProto.create({
    name,
    type: { tensorType: { elemType: DataType.FLOAT, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
  });
  return lengthDelimited(GraphField.input, ValueInfoProto.encode(message).finish());
}
