import { usageError } from '../errors.ts';

/** The language-model backends `--llm` can name, and whether each can perturb weights for ES. */
export type BackendId = 'onnx' | 'openai' | 'es-server';

export interface BackendInfo {
  /** Can generate under a weight perturbation and update weights (`--es`). */
  readonly es: boolean;
  readonly description: string;
}

export const BACKENDS: Readonly<Record<BackendId, BackendInfo>> = {
  onnx: { es: true, description: 'in-process ONNX causal LM; weights perturbed in place' },
  openai: { es: false, description: 'any OpenAI-compatible chat-completions server; frozen weights' },
  'es-server': { es: true, description: 'remote replicas speaking the ES model-server protocol' },
};

export const BACKEND_IDS = Object.keys(BACKENDS) as BackendId[];

/** The backends that can run ES, as a list for messages: "onnx, es-server". */
export const esBackendList = (): string => BACKEND_IDS.filter((id) => BACKENDS[id].es).join(', ');

/** Throws the usage error for ES (`setting`: `--es`, or `es.enabled` in a config) on a backend that cannot perturb weights. */
export function assertEsSupported(backend: BackendId, setting: string): void {
  if (!BACKENDS[backend].es) {
    throw usageError(`${setting} needs a backend that can perturb weights (${esBackendList()}); "${backend}" serves frozen weights`, {
      backend,
    });
  }
}
