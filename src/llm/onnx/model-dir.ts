import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { AhdError, ErrorCode, usageError } from '../../errors.ts';
import type { WeightLayout } from '../../es/types.ts';
import { specialTokenText, type TokenizerConfig } from '../chat-template.ts';
import { PROMPT_STYLES, type PromptStyle, type SamplingOptions } from '../types.ts';
import { embedWeights, liftWeights } from './lift-weights.ts';
import { type CausalLmSignature, causalLmSignature } from './signature.ts';

/**
 * A model directory in the common Hugging Face ONNX export layout: model.onnx (+ external data), config.json,
 * tokenizer.json, tokenizer_config.json (chat template), optional generation_config.json.
 */
export interface ModelDir {
  readonly dir: string;
  readonly name: string;
  readonly modelBytes: Uint8Array;
  readonly signature: CausalLmSignature;
  readonly promptStyle: PromptStyle;
  readonly defaults: SamplingOptions;
  /** Token ids that end a generation (eos of config.json, generation_config.json and the tokenizer). */
  readonly stopTokenIds: readonly number[];
  /** Context length (max_position_embeddings), Infinity where the config does not say. */
  readonly maxPositions: number;
  readonly tokenizerJson: object;
  readonly tokenizerConfig: TokenizerConfig;
}

const MODEL_FILE = 'model.onnx';
const DEFAULT_MAX_NEW_TOKENS = 512;

const modelError = (message: string, cause?: unknown) => new AhdError(ErrorCode.Model, message, { cause });

/** A file a model directory must hold, missing: a usage error (exit 2), as for any missing file the user named. */
const missingFile = (path: string) => usageError(`${path} not found (not a model directory?)`);

function readJson(path: string, required: boolean): Record<string, unknown> | undefined {
  if (!existsSync(path)) {
    if (required) throw missingFile(path);
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
    return value as Record<string, unknown>;
  } catch (error) {
    throw modelError(`${path} is not valid JSON (${(error as Error).message})`, error);
  }
}

function checkDir(dir: string): void {
  if (!existsSync(dir)) throw usageError(`model dir ${dir} not found`);
  if (!statSync(dir).isDirectory()) throw usageError(`model dir ${dir} is not a directory`);
  if (!existsSync(join(dir, MODEL_FILE))) throw missingFile(join(dir, MODEL_FILE));
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).filter((x): x is number => Number.isInteger(x));

function promptStyleOf(config: Record<string, unknown>, path: string): PromptStyle {
  const style = config.ahd_prompt_style ?? 'reference';
  if (!PROMPT_STYLES.includes(style as PromptStyle)) {
    const known = PROMPT_STYLES.map((s) => `'${s}'`).join(', ');
    throw modelError(`${path}: ahd_prompt_style must be one of ${known}, got ${JSON.stringify(style)}`);
  }
  return style as PromptStyle;
}

function samplingDefaults(gen: Record<string, unknown>): SamplingOptions {
  const num = (key: string, fallback: number) => (typeof gen[key] === 'number' ? (gen[key] as number) : fallback);
  return {
    temperature: gen.do_sample === false ? 0 : num('temperature', 1),
    topP: num('top_p', 1),
    topK: num('top_k', 0),
    maxNewTokens: num('max_new_tokens', DEFAULT_MAX_NEW_TOKENS),
    stop: [],
  };
}

/** The name a model dir goes by (config.json's _name_or_path, else the folder's name): what config.json of a run records. */
export function modelDirName(dirArg: string): string {
  const dir = resolve(dirArg);
  checkDir(dir);
  return nameOf(readJson(join(dir, 'config.json'), true)!, dir);
}

const nameOf = (config: Record<string, unknown>, dir: string): string =>
  typeof config._name_or_path === 'string' && config._name_or_path ? config._name_or_path : basename(dir);

export function readModelDir(dirArg: string): ModelDir {
  const dir = resolve(dirArg);
  checkDir(dir);
  const configPath = join(dir, 'config.json');
  const config = readJson(configPath, true)!;
  const tokenizerJson = readJson(join(dir, 'tokenizer.json'), true)!;
  const tokenizerConfig = (readJson(join(dir, 'tokenizer_config.json'), false) ?? {}) as TokenizerConfig;
  const gen = readJson(join(dir, 'generation_config.json'), false) ?? {};
  const modelBytes = readFileSync(join(dir, MODEL_FILE));
  const signature = causalLmSignature(modelBytes, config, join(dir, MODEL_FILE));

  const vocab = (tokenizerJson as { model?: { vocab?: unknown } }).model?.vocab;
  const added = (tokenizerJson as { added_tokens?: { id: number; content: string }[] }).added_tokens ?? [];
  const eosText = specialTokenText(tokenizerConfig.eos_token);
  const eosFromTokenizer = [
    ...added.filter((t) => t.content === eosText).map((t) => t.id),
    ...(eosText && vocab && typeof vocab === 'object' && !Array.isArray(vocab) ? ids((vocab as Record<string, unknown>)[eosText]) : []),
  ];
  const stopTokenIds = [...new Set([...ids(gen.eos_token_id), ...ids(config.eos_token_id), ...eosFromTokenizer])];
  const positions = config.max_position_embeddings ?? config.n_positions;

  return {
    dir,
    name: nameOf(config, dir),
    modelBytes,
    signature,
    promptStyle: promptStyleOf(config, configPath),
    defaults: samplingDefaults(gen),
    stopTokenIds,
    maxPositions: typeof positions === 'number' && positions > 0 ? positions : Infinity,
    tokenizerJson,
    tokenizerConfig,
  };
}

/** The model's float weights as one flat buffer and their layout (what the backend perturbs). */
export function readModelWeights(dir: string): { weights: Float32Array; layout: WeightLayout } {
  const model = readModelDir(dir);
  const { weights, layout } = liftWeights(model.modelBytes, model.dir);
  return { weights, layout };
}

/**
 * Writes a model dir that is `baseDir` with the given weights (in the layout readModelWeights gives) stored
 * inline in model.onnx; every other file of the base dir is copied, so the result loads like any model.
 */
export function writeModelDir(baseDir: string, outDir: string, weights: Float32Array): void {
  const base = readModelDir(baseDir);
  const out = resolve(outDir);
  if (out === base.dir) throw new AhdError(ErrorCode.Usage, `output dir ${outDir} must differ from the base model dir`);
  const { modelBytes, unusedFiles } = embedWeights(base.modelBytes, weights);
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(base.dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === MODEL_FILE || unusedFiles.has(entry.name)) continue;
    copyFileSync(join(base.dir, entry.name), join(out, entry.name));
  }
  writeFileSync(join(out, MODEL_FILE), modelBytes);
}
