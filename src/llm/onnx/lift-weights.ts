import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { AhdError, ErrorCode } from '../../errors.ts';
import type { TensorSlot, WeightLayout } from '../../es/types.ts';
import {
  DataLocation,
  DataType,
  GraphField,
  TensorProto,
  floatInput,
  graphOf,
  lengthDelimited,
  readFields,
  replaceGraph,
  toNumber,
  valueInfoName,
} from './onnx-proto.ts';

/**
 * Weight lifting: every float32 initializer leaves the graph and becomes a graph input, its data copied into
 * one flat Float32Array that the engine owns (and ES perturbs in place). embedWeights is the inverse.
 * Assumes a little-endian host, as ONNX raw_data is little-endian.
 */
const bad = (message: string) => new AhdError(ErrorCode.Model, `model.onnx: ${message}`);

export interface LiftedModel {
  /** The model with float weights turned into graph inputs (no weight data left inside). */
  readonly modelBytes: Uint8Array;
  readonly layout: WeightLayout;
  readonly weights: Float32Array;
}

interface DecodedTensor {
  name: string;
  dims: (number | { toNumber(): number })[];
  dataType: number;
  rawData: Uint8Array;
  floatData: number[];
  dataLocation: number;
  externalData: { key: string; value: string }[];
}

interface FloatInitializer {
  readonly tensor: DecodedTensor;
  readonly fieldIndex: number;
}

/** Float32 initializers of a graph, in graph order, and the layout they get in the flat buffer. */
function floatInitializers(graphFields: ReturnType<typeof readFields>): { found: FloatInitializer[]; layout: WeightLayout } {
  const found: FloatInitializer[] = [];
  const tensors: TensorSlot[] = [];
  let offset = 0;
  graphFields.forEach((f, fieldIndex) => {
    if (f.field !== GraphField.initializer || !f.body) return;
    const tensor = TensorProto.decode(f.body) as unknown as DecodedTensor;
    if (tensor.dataType !== DataType.FLOAT) return;
    const dims = tensor.dims.map(toNumber);
    const length = dims.reduce((a, b) => a * b, 1);
    found.push({ tensor, fieldIndex });
    tensors.push({ name: tensor.name, offset, length, dims });
    offset += length;
  });
  return { found, layout: { tensors, totalLength: offset } };
}

export function liftWeights(modelBytes: Uint8Array, modelDir: string): LiftedModel {
  const graphFields = readFields(graphOf(modelBytes));
  const { found, layout } = floatInitializers(graphFields);
  const weights = new Float32Array(layout.totalLength);
  found.forEach(({ tensor }, i) => copyTensorData(tensor, layout.tensors[i], weights, modelDir));

  const lifted = new Set(found.map((f) => f.fieldIndex));
  const declared = new Set(
    graphFields.filter((f) => f.field === GraphField.input).map((f) => valueInfoName(f.body!)),
  );
  const parts = graphFields.filter((_, i) => !lifted.has(i)).map((f) => f.raw);
  // Older IRs list initializers among the inputs too; those declarations are kept as they are.
  for (const slot of layout.tensors) if (!declared.has(slot.name)) parts.push(floatInput(slot.name, slot.dims));
  return { modelBytes: replaceGraph(modelBytes, parts), layout, weights };
}

/**
 * The model with every float32 initializer's data replaced by its slice of `weights`, stored inline, and the
 * external data files that no initializer refers to any more.
 */
export function embedWeights(modelBytes: Uint8Array, weights: Float32Array): { modelBytes: Uint8Array; unusedFiles: Set<string> } {
  const graphFields = readFields(graphOf(modelBytes));
  const { found, layout } = floatInitializers(graphFields);
  if (weights.length !== layout.totalLength) {
    throw bad(`weights hold ${weights.length} floats but model.onnx has ${layout.totalLength}`);
  }
  const replaced = new Map<number, Uint8Array>();
  found.forEach(({ tensor, fieldIndex }, i) => {
    const slot = layout.tensors[i];
    const data = weights.subarray(slot.offset, slot.offset + slot.length);
    const message = TensorProto.create({
      name: tensor.name,
      dims: slot.dims,
      dataType: DataType.FLOAT,
      rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    });
    replaced.set(fieldIndex, lengthDelimited(GraphField.initializer, TensorProto.encode(message).finish()));
  });
  const locations = (keep: boolean) =>
    new Set(
      graphFields
        .filter((f, i) => f.field === GraphField.initializer && replaced.has(i) !== keep)
        .map((f) => externalLocation(TensorProto.decode(f.body!) as unknown as DecodedTensor))
        .filter((l): l is string => l !== undefined),
    );
  const stillUsed = locations(true);
  const unusedFiles = new Set([...locations(false)].filter((l) => !stillUsed.has(l)));
  return { modelBytes: replaceGraph(modelBytes, graphFields.map((f, i) => replaced.get(i) ?? f.raw)), unusedFiles };
}

const externalLocation = (tensor: DecodedTensor): string | undefined =>
  tensor.dataLocation === DataLocation.EXTERNAL ? tensor.externalData.find((e) => e.key === 'location')?.value : undefined;

function copyTensorData(tensor: DecodedTensor, slot: TensorSlot, weights: Float32Array, modelDir: string): void {
  const target = new Uint8Array(weights.buffer, slot.offset * 4, slot.length * 4);
  if (tensor.dataLocation === DataLocation.EXTERNAL) {
    readExternal(tensor, target, modelDir);
  } else if (tensor.rawData.length > 0 || slot.length === 0) {
    if (tensor.rawData.length !== target.length) {
      throw bad(`initializer ${tensor.name}: raw_data has ${tensor.rawData.length} bytes, dims need ${target.length}`);
    }
    target.set(tensor.rawData);
  } else if (tensor.floatData.length === slot.length) {
    weights.set(tensor.floatData, slot.offset);
  } else {
    throw bad(`initializer ${tensor.name}: has ${tensor.floatData.length} values, dims need ${slot.length}`);
  }
}

/** ONNX external data: keys location (relative to the model dir), offset and length in bytes. */
function readExternal(tensor: DecodedTensor, target: Uint8Array, modelDir: string): void {
  const entry = (key: string) => tensor.externalData.find((e) => e.key === key)?.value;
  const location = externalLocation(tensor);
  if (!location || isAbsolute(location) || normalize(location).split(sep).includes('..')) {
    throw bad(`initializer ${tensor.name}: external data location '${location ?? ''}' must be a path inside the model dir`);
  }
  const offset = Number(entry('offset') ?? 0);
  const length = entry('length') !== undefined ? Number(entry('length')) : target.length;
  if (length !== target.length) {
    throw bad(`initializer ${tensor.name}: external data length ${length}, dims need ${target.length}`);
  }
  const path = join(modelDir, location);
  if (!existsSync(path)) throw bad(`initializer ${tensor.name}: external data file ${location} not found`);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = readSync(fd, target, done, length - done, offset + done);
      if (n === 0) throw bad(`initializer ${tensor.name}: ${location} ends before byte ${offset + length}`);
      done += n;
    }
  } finally {
    closeSync(fd);
  }
}
