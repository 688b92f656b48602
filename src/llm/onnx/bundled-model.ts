import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { usageError } from '../../errors.ts';
import { PROJECT_ROOT } from '../../ground/runtime.ts';
import { modelDirName } from './model-dir.ts';

const MODELS_DIR = join(PROJECT_ROOT, 'models');

/** The bundled model: the one directory under models/ that holds a model (config.json + tokenizer.json). */
export function bundledModelDir(): string {
  const found = existsSync(MODELS_DIR)
    ? readdirSync(MODELS_DIR, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(join(MODELS_DIR, e.name, 'tokenizer.json')))
        .map((e) => join(MODELS_DIR, e.name))
    : [];
  if (found.length !== 1) {
    throw usageError(`no single bundled model in ${MODELS_DIR} (found ${found.length}): pass --model <dir>`);
  }
  return found[0];
}

/**
 * Where the model a run recorded is now (config.json keeps its absolute path): that path while it exists, else the
 * bundled model when it goes by the recorded name, since a run made with the bundled model of a checkout that has
 * moved (another clone, a worktree since removed) ran on the same files. The weights themselves are checked by
 * the callers that can (an ES run's base fingerprint). `instead` is what the user may pass to point elsewhere.
 */
export function recordedModelDir(recorded: string, name: string, instead: string): string {
  if (existsSync(recorded)) return resolve(recorded);
  const bundled = tryBundled();
  if (bundled && modelDirName(bundled) === name) return bundled;
  throw usageError(`the run's model ${name} was at ${recorded}, which is not there any more, and the bundled model is not ${name}: ${instead}`);
}

function tryBundled(): string | undefined {
  try {
    return bundledModelDir();
  } catch {
    return undefined;
  }
}
