import { usageError } from '../errors.ts';
import type { WeightLayout } from './types.ts';

/**
 * Which weights ES moves and how big a unit of sigma (and alpha) is in each tensor, as one multiplier per tensor:
 * noise for tensor t is scale_t * sigma * eps. 0 leaves a tensor out of ES (no noise is even generated for it).
 *
 * Scopes (the reference server's parameter_scope, plus a late-layers subset):
 * - full: every float tensor;
 * - linear: the 2-D weight matrices except the token and position embeddings (the reference's all_linear);
 * - late: the second half of the transformer blocks, the final norm and the output head. Named tensors are
 *   placed by their block index; anonymous matrices ("onnx::MatMul_*" in an export) by their order in the layout,
 *   which follows the blocks.
 * Scales: absolute (scale 1, the reference), or rms: each tensor's root mean square in the base weights, so a
 * sigma is a fraction of the typical weight, the same for a 1M-parameter model as for an 8B one.
 */
export const PARAMETER_SCOPES = ['full', 'linear', 'late'] as const;
export type ParameterScope = (typeof PARAMETER_SCOPES)[number];
export const SIGMA_SCALES = ['absolute', 'rms'] as const;
export type SigmaScale = (typeof SIGMA_SCALES)[number];

export interface EsScope {
  readonly parameterScope: ParameterScope;
  readonly sigmaScale: SigmaScale;
}

export const DEFAULT_SCOPE: EsScope = Object.freeze({ parameterScope: 'full', sigmaScale: 'absolute' });

export const isDefaultScope = (scope: EsScope): boolean =>
  scope.parameterScope === DEFAULT_SCOPE.parameterScope && scope.sigmaScale === DEFAULT_SCOPE.sigmaScale;

const EMBEDDING = /(^|\.)(wte|wpe|embed_tokens|embed_positions|word_embeddings|position_embeddings)(\.|$)/;
const BLOCK = /(?:^|\.)(?:blocks|h|layers|layer)\.(\d+)\./;
const FINAL = /(^|\.)(ln_f|norm|final_layer_norm|lm_head)(\.|$)/;

/** The per-tensor multipliers of `scope` for these (base) weights, in layout order. */
export function tensorScales(weights: Float32Array, layout: WeightLayout, scope: EsScope): Float64Array {
  if (!PARAMETER_SCOPES.includes(scope.parameterScope)) throw usageError(`unknown ES parameter scope "${scope.parameterScope}"`);
  if (!SIGMA_SCALES.includes(scope.sigmaScale)) throw usageError(`unknown ES sigma scale "${scope.sigmaScale}"`);
  const inScope = membership(layout, scope.parameterScope);
  return Float64Array.from(layout.tensors, (slot, t) => {
    if (!inScope[t]) return 0;
    if (scope.sigmaScale === 'absolute') return 1;
    let squares = 0;
    for (let i = slot.offset; i < slot.offset + slot.length; i++) squares += weights[i] * weights[i];
    return Math.sqrt(squares / slot.length);
  });
}

function membership(layout: WeightLayout, scope: ParameterScope): boolean[] {
  const { tensors } = layout;
  const matrix = (t: number) => tensors[t].dims.length === 2 && !EMBEDDING.test(tensors[t].name);
  if (scope === 'full') return tensors.map(() => true);
  if (scope === 'linear') return tensors.map((_, t) => matrix(t));
  const blocks = tensors.map((slot) => BLOCK.exec(slot.name)).map((m) => (m ? Number(m[1]) : -1));
  const blockCount = Math.max(...blocks) + 1;
  const anonymous = tensors.map((_, t) => t).filter((t) => matrix(t) && blocks[t] < 0 && !FINAL.test(tensors[t].name));
  const lateAnonymous = new Set(anonymous.slice(Math.floor(anonymous.length / 2)));
  return tensors.map((slot, t) => {
    if (FINAL.test(slot.name)) return true;
    if (blocks[t] >= 0) return blocks[t] >= Math.floor(blockCount / 2);
    return lateAnonymous.has(t);
  });
}
