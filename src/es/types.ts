/**
 * The weights ES acts on: one flat Float32Array holding every floating-point tensor of the model, owned by
 * the engine, and the layout of tensors inside it. Noise for element j of tensor t under seed s is a pure
 * function eps(s, t, j), so any thread regenerates identical noise.
 */
export interface TensorSlot {
  readonly name: string;
  readonly offset: number; // in elements, into the flat buffer
  readonly length: number; // elements
  readonly dims: readonly number[];
}

export interface WeightLayout {
  readonly tensors: readonly TensorSlot[];
  readonly totalLength: number;
}

/** A seeded Gaussian perturbation of the weights, active only while one request is generated. */
export interface Perturbation {
  readonly seed: number;
  readonly sigma: number;
}
