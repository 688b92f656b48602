import type { M2Mode } from '../core/types.ts';
import type { EsParams } from '../es/optimizer.ts';
import type { SamplingOptions } from '../llm/types.ts';

/** What a run is made of, as the engine knows it when it writes config.json (and as version 1 recorded it). */
export interface RunFacts {
  readonly problem: string;
  readonly problemSource?: string;
  readonly scaffold: string;
  readonly budget: number;
  readonly seed: number;
  /** EoH's m2 mode; version-1 runs predate it (free). */
  readonly m2?: M2Mode;
  readonly es: boolean;
  /** The ES parameters (ES runs; version-1 runs on an ES server may lack them). */
  readonly esParams?: EsParams;
  /** `source`: the onnx model directory, or the endpoints separated by spaces. */
  readonly llm: { readonly backend: string; readonly source: string };
  readonly modelName: string;
  readonly promptStyle: string;
  readonly sampling: SamplingOptions;
  readonly baseFingerprint?: string;
}
