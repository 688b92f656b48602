import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import type { ChatMessage, GenerateRequest, SamplingOptions } from '../../src/llm/types.ts';

/** Shared setup for the onnx backend tests. */
export const FIXTURE = new URL('../fixtures/tiny-lm', import.meta.url).pathname;

export const onnxSchema = protobuf.loadSync(new URL('../../src/llm/onnx/onnx.proto', import.meta.url).pathname);
export const ModelProto = onnxSchema.lookupType('onnx.ModelProto');

export const SAMPLING: SamplingOptions = { temperature: 1, topP: 1, topK: 0, maxNewTokens: 24, stop: [] };
export const MESSAGES: readonly ChatMessage[] = [
  { role: 'system', content: 'You design heuristics.' },
  { role: 'user', content: 'Write selectNextNode.' },
];

export const request = (seed: number, extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages: MESSAGES,
  sampling: SAMPLING,
  seed,
  ...extra,
});

/** A writable copy of the fixture in a fresh temp dir. */
export function fixtureCopy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ahd-onnx-')), 'model');
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

interface Tensor {
  name: string;
  dims: number[];
  rawData: Uint8Array;
  dataLocation: number;
  externalData: { key: string; value: string }[];
}

/** Rewrites a model dir so every initializer's data lives in `weights.bin` (ONNX external data convention). */
export function moveWeightsToExternalData(dir: string): void {
  editGraph(dir, (graph) => {
    writeFileSync(join(dir, 'weights.bin'), externalise(graph.initializer));
  });
}

function externalise(initializers: Tensor[]): Buffer {
  const chunks: Buffer[] = [];
  let offset = 3; // a small unaligned start exercises offsets
  chunks.push(Buffer.alloc(offset));
  for (const t of initializers) {
    t.externalData = [
      { key: 'location', value: 'weights.bin' },
      { key: 'offset', value: String(offset) },
      { key: 'length', value: String(t.rawData.length) },
    ];
    t.dataLocation = 1;
    chunks.push(Buffer.from(t.rawData));
    offset += t.rawData.length;
    t.rawData = new Uint8Array(0);
  }
  return Buffer.concat(chunks);
}

/** A valid ONNX model that is not a causal LM: y = Identity(x). */
export function identityModelBytes(): Uint8Array {
  const value = (name: string) => valueInfo(name, 1, [2]);
  const model = ModelProto.create({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 14 }],
    graph: { name: 'identity', node: [{ opType: 'Identity', input: ['x'], output: ['y'] }], input: [value('x')], output: [value('y')] },
  });
  return ModelProto.encode(model).finish();
}

type GraphEdit = (graph: { initializer: Tensor[]; input: object[] }) => void;

/** Decodes a model dir's model.onnx, lets `edit` change its graph, and writes it back. */
export function editGraph(dir: string, edit: GraphEdit): void {
  const path = join(dir, 'model.onnx');
  const model = ModelProto.decode(readFileSync(path)) as unknown as { graph: Parameters<GraphEdit>[0] };
  edit(model.graph);
  writeFileSync(path, ModelProto.encode(model as unknown as protobuf.Message).finish());
}

export const valueInfo = (name: string, elemType: number, dims: readonly number[]) => ({
  name,
  type: { tensorType: { elemType, shape: { dim: dims.map((d) => ({ dimValue: d })) } } },
});
