import { REFERENCE_ES, defaultEs, esPreset, type EsParams } from '../es/optimizer.ts';
import type { BackendId } from '../llm/backends.ts';
import type { EsSection } from './schema.ts';

/**
 * The defaults of a run, the one table: what a setting is when neither the config file nor a flag (nor, on
 * resume, the run's config.json) says. ES parameters depend on the scaffold and the backend: esDefaults.
 * Settings not here default to something only known at run time (the model's sampling, the cores).
 */
export const RUN_DEFAULTS = Object.freeze({
  /** The reference's random.seed(2024). */
  search: Object.freeze({ budget: 1000, seed: 2024, m2: 'free' }),
  es: Object.freeze({ enabled: false, diagnostics: false }),
  llm: Object.freeze({ backend: 'onnx' }),
  io: Object.freeze({ resume: false, json: false }),
} as const);

/**
 * ES parameters to start from: a preset when one is named; else the scaffold's default (defaultEs) on the onnx
 * backend, and the reference's on an ES model server (it moves its weights itself, without per-tensor scales).
 */
export function esDefaults(preset: EsSection['preset'], scaffold: string, backend: BackendId): EsParams {
  if (preset) return esPreset(preset, scaffold);
  return backend === 'es-server' ? REFERENCE_ES : defaultEs(scaffold);
}

/** A setting's default as --help and the docs show it (undefined: none in this table). */
export function defaultText(path: string): string | undefined {
  const [section, ...rest] = path.split('.');
  if (section === 'es' && rest[0] !== 'enabled' && rest[0] !== 'preset' && rest[0] !== 'diagnostics') return esDefaultText(rest);
  const value = at(RUN_DEFAULTS, path.split('.'));
  return value === undefined ? undefined : String(value);
}

/** `0.05 for Sample, 0.01 for EoH; reference preset 0.0005`: an ES parameter per scaffold and in the paper's preset. */
function esDefaultText(path: readonly string[]): string | undefined {
  const sample = at(defaultEs('sample'), path);
  const eoh = at(defaultEs('eoh'), path);
  const reference = at(REFERENCE_ES, path);
  const ours =
    sample === eoh ? sample : sample === undefined ? `${eoh} for EoH` : eoh === undefined ? `${sample} for Sample` : `${sample} for Sample, ${eoh} for EoH`;
  if (ours === undefined) return undefined;
  return reference === undefined || reference === ours ? String(ours) : `${ours}; reference preset ${reference}`;
}

function at(object: object, path: readonly string[]): unknown {
  return path.reduce<unknown>((o, key) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined), object);
}
