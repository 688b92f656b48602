import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineProblem } from '../../../src/problems/define.ts';
import { loadProblem } from '../../../src/problems/index.ts';
import type { Problem } from '../../../src/problems/types.ts';
import { createRng, hash32, type Rng } from '../../../src/ground/rng.ts';
import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';

/**
 * A problem that checks programs written for a signature alone (generic.ts, made-up signatures from synthetic.ts)
 * in the real sandbox: the harness calls the candidate on random inputs of the declared kinds and throws when what
 * it returns is not of the declared kind, so such a program is "valid" exactly as a task's program is: the sandbox
 * accepts it on the 'train' split. There is nothing to optimise (score is 0).
 *
 * The sandbox's threads find a problem of the user's own by its module (problemSource), so each signature gets a
 * tiny module, written by loadSignatureCheck, that imports this one by its absolute file URL and calls
 * signatureCheck; under tsx (generate.ts, the sandbox process from sources) that import of a .ts file works.
 */

/** What the checks draw: arrays of one shared length 1..MAX_LENGTH of integers 0..100, scalars 1..100. */
const MAX_LENGTH = 20;
const INSTANCES = 3;
const TRIALS = 8;

type Kind = 'number' | 'index' | 'array';

/** The check problem's id: a signature's own id is not unique among made-up ones, its content is. */
export function checkId(sig: PromptSignature): string {
  return `sigcheck-${sig.id}-${hash32(JSON.stringify(sig)).toString(36)}`;
}

/** The input of one instance: every trial's positional arguments and the length the output is checked against. */
function instanceInput(sig: PromptSignature, output: Kind, rng: Rng) {
  const trials = Array.from({ length: TRIALS }, () => {
    const length = 1 + rng.int(MAX_LENGTH);
    const args = sig.params.map((p) => (sig.kinds?.[p] === 'array' ? Array.from({ length }, () => rng.int(101)) : 1 + rng.int(100)));
    return { args, length };
  });
  return { output, trials };
}

// Runs INSIDE the sandbox: only `solve` and what it defines are there (no closures). It uses no builtins a
// candidate could replace (spread, Array.isArray, Number.isFinite): `v - v === 0` is false for NaN and infinities.
// The length is read before the call, since a candidate may change its arguments.
function solve(candidate: (...args: unknown[]) => unknown, input: { output: Kind; trials: { args: unknown[]; length: number }[] }) {
  const trials = input.trials;
  for (let t = 0; t < trials.length; t++) {
    const a = trials[t].args;
    const length = trials[t].length;
    // Positional, at most six (signatureCheck refuses more); extra undefined arguments are ignored by the callee.
    const out = candidate(a[0], a[1], a[2], a[3], a[4], a[5]) as { length?: unknown; [k: number]: unknown } | number;
    if (input.output === 'array') {
      if (!out || typeof out !== 'object' || out.length !== length) throw new Error(`trial ${t}: must return ${length} scores`);
      for (let k = 0; k < length; k++) {
        const v = out[k];
        if (typeof v !== 'number' || v - v !== 0) throw new Error(`trial ${t}: score ${k} is not a finite number`);
      }
    } else if (input.output === 'index') {
      if (typeof out !== 'number' || out % 1 !== 0 || out < 0 || out >= length) {
        throw new Error(`trial ${t}: ${String(out)} is not an index below ${length}`);
      }
    } else if (typeof out !== 'number' || out - out !== 0) {
      throw new Error(`trial ${t}: ${String(out)} is not a finite number`);
    }
  }
  return [trials.length];
}

/** The check problem for `sig`; throws for what it cannot draw inputs for (matrix kinds, index params, > 6 params). */
export function signatureCheck(sig: PromptSignature): Problem {
  if (sig.outputs.length !== 1) throw new Error(`signature check: ${sig.fnName} needs exactly one output`);
  if (sig.params.length > 6) throw new Error(`signature check: ${sig.fnName} has more than 6 parameters`);
  const output = sig.kinds?.[sig.outputs[0]] ?? 'number';
  if (output === 'matrix') throw new Error('signature check: a matrix output is not covered');
  const odd = sig.params.find((p) => !['number', 'array'].includes(sig.kinds?.[p] ?? 'number'));
  if (odd) throw new Error(`signature check: parameter ${odd} is neither a number nor an array`);
  const first = sig.params.find((p) => sig.kinds?.[p] === 'array');
  if (output !== 'number' && !first) throw new Error(`signature check: an ${output} output needs an array parameter`);
  const id = checkId(sig);
  return defineProblem({
    id,
    title: `Signature check of ${sig.fnName}`,
    sense: 'min',
    fnName: sig.fnName,
    params: sig.params,
    outputs: sig.outputs,
    ...(sig.kinds && { kinds: sig.kinds }),
    taskText: 'Any function of this signature that returns what it declares.',
    ioText: 'Random inputs of the declared kinds.',
    seedCode: `function ${sig.fnName}(${sig.params.join(', ')}) {\n  return 0;\n}`,
    splits: [{ name: 'train', mode: 'search', count: INSTANCES, size: MAX_LENGTH }],
    timeoutMs: 5_000,
    harness: solve,
    loadSplit(split) {
      if (split !== 'train') throw new Error(`unknown split ${split}`);
      const rng = createRng(`signature-check:${sig.id}`);
      return Array.from({ length: INSTANCES }, () => ({ input: instanceInput(sig, output, rng), data: null }));
    },
    score: () => 0,
  });
}

/**
 * Writes `sig`'s check module into `dir` and loads it (loadProblem registers it, so the sandbox pool finds it by
 * id and hands its workers the module). Loading the same signature again is a no-op.
 */
export async function loadSignatureCheck(sig: PromptSignature, dir: string): Promise<Problem> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${checkId(sig)}.mjs`);
  const source = [
    '// Written by models/recipe/corpus/signature-check.ts: the sandbox check of programs for one signature.',
    `import { signatureCheck } from ${JSON.stringify(import.meta.url)};`,
    `export default signatureCheck(${JSON.stringify(sig)});`,
    '',
  ].join('\n');
  writeFileSync(file, source);
  return loadProblem(file);
}
