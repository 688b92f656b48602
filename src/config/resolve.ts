import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { M2Mode, ScaffoldId } from '../core/types.ts';
import { usageError } from '../errors.ts';
import type { EsParams } from '../es/optimizer.ts';
import { assertEsSupported, type BackendId } from '../llm/backends.ts';
import { recordedModelDir } from '../llm/onnx/bundled-model.ts';
import type { SamplingOptions } from '../llm/types.ts';
import { RUN_DEFAULTS, esDefaults } from './defaults.ts';
import { settingName, type ConfigSource } from './parse.ts';
import { defaultRunName } from './run-name.ts';
import type { CheckedRunConfig, EsSection } from './schema.ts';
import { SETTINGS } from './settings.ts';
import { storedDocument, type StoredRunConfig } from './stored.ts';

/** A checked document and where it came from. */
export interface ConfigLayer {
  readonly document: CheckedRunConfig;
  readonly source: ConfigSource;
}

/** A run config with every setting decided (sampling: over the model's defaults, known once it is open). */
export interface ResolvedRunConfig {
  readonly problem: string;
  readonly search: { readonly scaffold: ScaffoldId; readonly budget: number; readonly seed: number; readonly m2: M2Mode };
  /** undefined: frozen weights. */
  readonly es?: EsParams;
  readonly esDiagnostics: boolean;
  readonly llm: { readonly backend: BackendId; readonly model?: string; readonly endpoint: readonly string[] };
  readonly sampling: Partial<SamplingOptions>;
  readonly io: { readonly out: string; readonly resume: boolean; readonly json: boolean; readonly threads?: number; readonly replicas?: number };
  /** Where the settings came from last (the flags, the library): what errors call a setting. */
  readonly source: ConfigSource;
  /** onnx, resuming a run whose model has moved: where to load it now (config.json keeps the recorded path). */
  readonly loadModelFrom?: string;
}

export interface ResolveOptions {
  /** A run directory's config.json (resume). */
  readonly readStored: (dir: string) => StoredRunConfig;
  readonly now?: Date;
}

/**
 * The one merge: the defaults < the config file < the flags (each layer checked where it entered, parse.ts);
 * on resume the run's config.json takes the defaults' place, and a setting that a layer gives differently is
 * refused when the engine compares the configs (naming it).
 */
export function resolveRunConfig(layers: readonly ConfigLayer[], options: ResolveOptions): ResolvedRunConfig {
  const source = layers.at(-1)?.source ?? { kind: 'library' };
  const name = (path: string) => settingName(source, path);
  const explicit = layers.reduce<CheckedRunConfig>((merged, layer) => merge(merged, layer.document), {});
  const resume = explicit.io?.resume ?? RUN_DEFAULTS.io.resume;
  const out = explicit.io?.out;
  if (resume && !out) throw usageError(`${name('io.resume')} needs ${name('io.out')} <run-dir> (the run to continue)`);
  const stored = resume && out ? options.readStored(out) : undefined;
  const merged = stored ? merge(storedDocument(stored), explicit) : explicit;

  const problem = merged.problem;
  if (!problem) throw usageError(`${name('problem')} is required (see ahd problems)`);
  const scaffold = merged.search?.scaffold;
  if (!scaffold) throw usageError(`${name('search.scaffold')} is required (eoh or sample)`);
  const budget = merged.search?.budget ?? RUN_DEFAULTS.search.budget;
  const seed = merged.search?.seed ?? RUN_DEFAULTS.search.seed;
  const m2 = merged.search?.m2 ?? RUN_DEFAULTS.search.m2;
  const backend = merged.llm?.backend ?? RUN_DEFAULTS.llm.backend;
  if (m2 === 'numbers' && scaffold !== 'eoh') throw usageError(`${name('search.m2')} numbers: m2 is an EoH operator (${scaffold} has none)`);
  if (m2 === 'numbers' && backend !== 'onnx') throw usageError(`${name('search.m2')} numbers needs the onnx backend (it steers the decoding token by token)`);
  const withEs = merged.es?.enabled ?? RUN_DEFAULTS.es.enabled;
  if (!withEs) refuseEsSettings(layers);
  if (withEs) assertEsSupported(backend, name('es.enabled'));
  const onnx = backend === 'onnx' ? onnxModel(explicit.llm?.model, stored, name) : {};
  return {
    problem,
    search: { scaffold, budget, seed, m2 },
    es: withEs ? esParams(explicit.es ?? {}, stored, scaffold, backend, name) : undefined,
    esDiagnostics: merged.es?.diagnostics ?? RUN_DEFAULTS.es.diagnostics,
    llm: { backend, model: onnx.model ?? merged.llm?.model, endpoint: merged.llm?.endpoint ?? [] },
    sampling: merged.sampling ?? {},
    io: {
      out: out ?? join('runs', defaultRunName(problem, scaffold, withEs, budget, seed, options.now ?? new Date())),
      resume,
      json: merged.io?.json ?? RUN_DEFAULTS.io.json,
      threads: merged.io?.threads,
      replicas: merged.io?.replicas,
    },
    source,
    ...(onnx.loadFrom && { loadModelFrom: onnx.loadFrom }),
  };
}

/** ES settings given while ES is off would be silently ignored: they are refused, each named as it was given. */
function refuseEsSettings(layers: readonly ConfigLayer[]): void {
  const given = layers.flatMap(({ document, source }) =>
    SETTINGS.filter((s) => s.path.startsWith('es.') && s.path !== 'es.enabled' && valueAt(document, s.path) !== undefined).map((s) =>
      settingName(source, s.path),
    ),
  );
  if (given.length === 0) return;
  const on = layers.at(-1)?.source.kind === 'flags' ? '--es' : 'es.enabled: true';
  throw usageError(`${given.join(', ')}: ES settings without ES (add ${on}, or leave them out)`);
}

/**
 * ES parameters: the preset (or the scaffold's and backend's default) < the resumed run's < the settings given.
 * A resumed run keeps its stored parameters; the one optional field it may lack (EoH candidates per direction)
 * then means 1, as when it started, not the default's value.
 */
function esParams(given: EsSection, stored: StoredRunConfig | undefined, scaffold: string, backend: BackendId, name: (path: string) => string): EsParams {
  const { enabled: _, preset, diagnostics: _diagnostics, ...settings } = given;
  const start = esDefaults(preset, scaffold, backend);
  const { eohCandidatesPerDirection: _perDirection, ...required } = start;
  const { enabled: _storedEnabled, ...storedParams } = stored?.es ?? { enabled: false };
  const from = preset || !stored ? start : { ...required, ...storedParams };
  const params = merge(from, settings) as EsParams;
  if (params.reward === 'improvement' && scaffold === 'sample') throw usageError(`${name('es.reward')} improvement needs parents: EoH only`);
  // A warm start is recorded by its absolute path, so the run replays from anywhere.
  return params.initFrom ? { ...params, initFrom: resolve(params.initFrom) } : params;
}

/**
 * The model dir an onnx run records, and on resume where it loads it from: a run whose model has moved (its
 * recorded path is gone) resumes with it at its new place, the given model dir or the bundled model of the same
 * name (recordedModelDir); config.json's model name, and an ES run's base fingerprint, still have to match.
 */
function onnxModel(given: string | undefined, stored: StoredRunConfig | undefined, name: (path: string) => string): { model?: string; loadFrom?: string } {
  const recorded = stored?.llm.model;
  if (!stored || !recorded || existsSync(recorded)) return { model: given ?? recorded };
  const loadFrom = given ?? recordedModelDir(recorded, stored.recorded.model, `pass ${name('llm.model')} <dir> with that model to resume`);
  return { model: recorded, loadFrom };
}

/** `b` over `a`: objects merged key by key, anything else (arrays too) replaced; undefined says nothing. */
function merge<T extends object>(a: T, b: object): T {
  const out = { ...a } as Record<string, unknown>;
  for (const [key, value] of Object.entries(b)) {
    if (value === undefined) continue;
    const before = out[key];
    out[key] = isPlainObject(before) && isPlainObject(value) ? merge(before as object, value) : value;
  }
  return out as T;
}

const isPlainObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

const valueAt = (document: object, path: string): unknown =>
  path.split('.').reduce<unknown>((o, key) => (isPlainObject(o) ? (o as Record<string, unknown>)[key] : undefined), document);
