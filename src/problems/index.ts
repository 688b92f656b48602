import { existsSync, statSync } from 'node:fs';
import { register } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { settingError, usageError } from '../errors.ts';
import { oneLine } from '../ground/one-line.ts';
import { moduleUrl } from '../ground/runtime.ts';
import { acoBpp500 } from './aco-bpp500/index.ts';
import { acoCvrp50 } from './aco-cvrp50/index.ts';
import { acoTsp50 } from './aco-tsp50/index.ts';
import { asp15 } from './asp15/index.ts';
import { kp100 } from './kp100/index.ts';
import { tsp50 } from './tsp50/index.ts';
import { syntaxLocation } from './syntax-location.ts';
import type { Problem } from './types.ts';

/** The task registry. Order here is the order `ahd problems` lists them. */
const PROBLEMS: readonly Problem[] = [
  tsp50,
  kp100,
  asp15,
  acoTsp50,
  acoCvrp50,
  acoBpp500,
];

export function listProblems(): readonly Problem[] {
  return PROBLEMS;
}

/** Problems of users' own, loaded from a module: id -> the problem and the module's file URL. */
const loaded = new Map<string, { readonly problem: Problem; readonly source: string }>();

/** The problem with this id (built in, or loaded); an unknown id is a usage error listing the known ones. */
export function getProblem(id: string): Problem {
  const problem = PROBLEMS.find((p) => p.id === id) ?? loaded.get(id)?.problem;
  if (!problem) {
    const known = [...PROBLEMS.map((p) => p.id), ...loaded.keys()].join(', ');
    throw usageError(`unknown problem "${id}" (known: ${known}; or a path to your own, e.g. ./my-problem/)`, { problem: id });
  }
  return problem;
}

/**
 * A Problem object as the registry knows it (built in, or loaded by loadProblem), so that the sandbox process,
 * which finds problems by id and loads users' problems from their modules, evaluates this very problem. A Problem
 * made by defineProblem but not loaded is refused with the way to load it.
 */
export function registeredProblem(problem: Problem): Problem {
  const known = PROBLEMS.find((p) => p.id === problem.id) ?? loaded.get(problem.id)?.problem;
  if (known === problem) return problem;
  throw usageError(
    `problem "${problem.id}" is not loaded from its module: pass the module's path instead (evaluate('./my-problem/', ...)), ` +
      'or the Problem loadProblem(path) returns (the sandbox process loads a problem of your own from its module)',
    { problem: problem.id },
  );
}

/** Every name must be one of the problem's splits: a usage error naming the known ones; `label` prefixes it (a flag). */
export function checkSplits(problem: Problem, names: readonly string[], label = ''): void {
  for (const split of names) {
    if (!problem.splits.some((s) => s.name === split)) {
      throw usageError(`${label}unknown split "${split}" for ${problem.id} (known: ${problem.splits.map((s) => s.name).join(', ')})`);
    }
  }
}

/** The module a loaded problem came from (file URL), or undefined for a built-in task. */
export function problemSource(id: string): string | undefined {
  return loaded.get(id)?.source;
}

/** Whether a --problem value names a module (a path) rather than an id. */
export const isProblemPath = (ref: string): boolean => /^(\.{1,2}[\\/]|[\\/]|file:)/.test(ref) || ref.endsWith('.js') || ref.endsWith('.mjs');

/**
 * A problem by id, or loaded from a path: a module file, or a folder with index.js (index.mjs, or index.ts when
 * running from sources), whose default export is a Problem (defineProblem). A loaded problem is registered under
 * its id, so getProblem finds it afterwards.
 */
export async function loadProblem(ref: string): Promise<Problem> {
  if (!isProblemPath(ref)) return getProblem(ref);
  const file = problemModuleFile(ref);
  const source = pathToFileURL(file).href;
  resolveAhdToThisAhd();
  let module: { default?: unknown };
  try {
    module = (await import(source)) as { default?: unknown };
  } catch (error) {
    const where = error instanceof SyntaxError ? syntaxLocation(file) : undefined;
    throw settingError('problem', `${ref}: cannot load ${file}: ${oneLine((error as Error).message)}${where ? ` (at ${where})` : ''}`);
  }
  const problem = module.default as Problem | undefined;
  if (!problem || typeof problem !== 'object' || typeof problem.id !== 'string' || typeof problem.loadSplit !== 'function') {
    throw settingError('problem', `${ref}: ${file} has no default export made by defineProblem(...)`);
  }
  if (PROBLEMS.some((p) => p.id === problem.id)) throw settingError('problem', `${ref}: id "${problem.id}" is a built-in task's`);
  const known = loaded.get(problem.id);
  if (known && known.source !== source) {
    throw settingError('problem', `${ref}: id "${problem.id}" is already taken by ${fileURLToPath(known.source)}`);
  }
  loaded.set(problem.id, { problem, source });
  return problem;
}

let ahdResolved = false;
/**
 * Makes `import ... from 'ahd'` in problem modules load the running ahd (ahd-resolve-hook.mjs), once per thread:
 * hooks registered in one thread do not reach another's loader, and the sandbox's threads load problems too.
 */
function resolveAhdToThisAhd(): void {
  if (ahdResolved) return;
  ahdResolved = true;
  register(new URL('./ahd-resolve-hook.mjs', import.meta.url), { data: { target: moduleUrl('../index', import.meta.url).href } });
}

function problemModuleFile(ref: string): string {
  const path = resolve(ref.startsWith('file:') ? fileURLToPath(ref) : ref);
  if (!existsSync(path)) throw settingError('problem', `${ref}: no such file or directory`);
  if (!statSync(path).isDirectory()) return path;
  const entry = ['index.js', 'index.mjs', 'index.ts'].map((name) => join(path, name)).find((f) => existsSync(f));
  if (!entry) throw settingError('problem', `${ref}: the folder has no index.js`);
  return entry;
}

/** The problem a run directory's config.json names, loaded from its module when it is a problem of the user's own. */
export async function loadRunProblem(config: { readonly problem: string; readonly recorded: { readonly problemSource?: string } }): Promise<Problem> {
  return loadProblem(config.recorded.problemSource ?? config.problem);
}
