/** The onnx backend: an in-process causal LM whose weights the engine owns (ES-capable). */
export { loadOnnxModel, type OnnxEsHandle, type OnnxModel, type OnnxModelOptions } from './load.ts';
export { readModelDir, readModelWeights, writeModelDir, type ModelDir } from './model-dir.ts';
