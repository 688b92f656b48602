import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { usageError } from '../../errors.ts';
import { PROJECT_ROOT } from '../../ground/runtime.ts';
import { modelDirName } from './model-dir.ts';

const MODELS_DIR = join(PROJECT_ROOT, 'models');

const holdsModel = (dir: string) => existsSync(join(dir, 'config.json')) && existsSync(join(dir, 'tokenizer.json'));

/**
 * The default model's folder under models/, as models/default.json names it (the Python servers read the same
 * file); the other bundled models, the earlier defaults included, load with --model.
 */
export const defaultModelName = (): string => readDefaultModelName(MODELS_DIR);

/** The folder name `<modelsDir>/default.json` gives as "model"; a usage error when it names none. */
export function readDefaultModelName(modelsDir: string): string {
  const file = join(modelsDir, 'default.json');
  let name: unknown;
  try {
    name = JSON.parse(readFileSync(file, 'utf8')).model;
  } catch (error) {
    throw usageError(`cannot read the default model's name from ${file} (${(error as Error).message}): pass --model <dir>`);
  }
  if (typeof name !== 'string' || name === '') throw usageError(`${file} names no model folder ({ "model": "<name>" }): pass --model <dir>`);
  return name;
}

/** The bundled default model's directory. */
export function bundledModelDir(): string {
  const dir = join(MODELS_DIR, defaultModelName());
  if (!holdsModel(dir)) throw usageError(`the bundled model is missing from ${dir}: pass --model <dir>`);
  return dir;
}

/** Every model bundled under models/ (the default and the candidates beside it). */
function bundledModelDirs(): string[] {
  if (!existsSync(MODELS_DIR)) return [];
  return readdirSync(MODELS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && holdsModel(join(MODELS_DIR, e.name)))
    .map((e) => join(MODELS_DIR, e.name));
}

/**
 * Where the model a run recorded is now (config.json keeps its absolute path): that path while it exists, else the
 * model bundled under models/ that goes by the recorded name, since a run made with a bundled model of a checkout
 * that has moved (another clone, a worktree since removed) ran on the same files. The weights themselves are checked
 * by the callers that can (an ES run's base fingerprint). `instead` is what the user may pass to point elsewhere.
 */
export function recordedModelDir(recorded: string, name: string, instead: string): string {
  if (existsSync(recorded)) return resolve(recorded);
  const bundled = bundledModelDirs().find((dir) => modelDirName(dir) === name);
  if (bundled) return bundled;
  throw usageError(`the run's model ${name} was at ${recorded}, which is not there any more, and no bundled model is ${name}: ${instead}`);
}
