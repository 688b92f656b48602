import { z } from 'zod';
import { usageError } from '../errors.ts';
import { referenceInvalidPolicy } from './shared/splits.ts';
import { VALUE_KINDS, type EvalMode, type Instance, type InvalidPolicy, type Problem, type ScoreContext } from './types.ts';
import { naturalSign } from '../ground/natural-sign.ts';
import { firstIssue } from '../ground/zod-issue.ts';

/**
 * A problem of your own, in the same shape as the six built-in tasks (types.ts has the whole contract):
 *
 * - prompt: `title`, `taskText`, `ioText`, the function the model writes (`fnName`, `params`, `outputs`, and
 *   optionally `kinds`: which of them are arrays, matrices or an index, for prompts that show the signature), a
 *   `seedCode` heuristic and `baselines` (name -> function declaration);
 * - instances: `splits` (name, mode 'search' | 'test', count, size) and `loadSplit(split)`, which returns each
 *   instance's `input` (plain data copied into the sandbox) and `data` (what the trusted scorer needs);
 * - `harness`: `function solve(candidate, input, ctx)`, run INSIDE the sandbox: it calls the candidate and
 *   returns a flat array of numbers. A function (its source is what runs, so it must use nothing from around
 *   it) or its source text defining `solve`. It must keep no state from one call to the next: one context
 *   serves many candidates, and while the sandbox's guard notices changed globals and builtins (and then starts
 *   a fresh context for the next candidate, which runs the harness cold), it cannot see a closure's variables;
 * - `score(raw, instance, ctx)`: the trusted scorer OUTSIDE the sandbox: checks the raw output (never trust it;
 *   throw InvalidSolution) and returns the instance objective in the problem's natural sign.
 *
 * Export the result as the module's default export; `ahd run --problem ./my-problem/` and `ahd eval --problem
 * ./my-problem/` load it. The folder may live anywhere and needs no install: in a problem module, `import
 * { defineProblem, InvalidSolution } from 'ahd'` loads the ahd that loads the module (ahd-resolve-hook.mjs). A
 * throw from `score` other than InvalidSolution is a bug of the problem: it stops the evaluation or run and is
 * reported with its stack. examples/online-bpp/ is a complete one.
 */
export interface ProblemDefinition
  extends Pick<Problem, 'id' | 'title' | 'sense' | 'fnName' | 'params' | 'outputs' | 'kinds' | 'taskText' | 'ioText' | 'seedCode' | 'splits' | 'loadSplit'> {
  readonly baselines?: Problem['baselines'];
  /** Default: every split of mode 'test'. */
  readonly testSplits?: readonly string[];
  /** Wall-time limit of one candidate on the train split, ms (default 30 s). */
  readonly timeoutMs?: number;
  readonly harness: string | ((candidate: never, input: never, ctx: ScoreContext) => unknown);
  /** Natural sign: a tour length, a value, a gap in percent. */
  readonly score: (raw: Float64Array, instance: Instance, ctx: ScoreContext) => number;
  /** Default: the reference's (search: one invalid instance sinks the candidate; test: dropped and counted). */
  readonly invalidPolicy?: (mode: EvalMode) => InvalidPolicy;
}

const splitSchema = z.object({
  name: z.string().min(1),
  mode: z.enum(['search', 'test']),
  count: z.number().int().positive(),
  size: z.number().int().positive(),
  file: z.string().optional(),
  timeoutMs: z.number().positive().optional(),
});

const definitionSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
  title: z.string().min(1),
  sense: z.enum(['min', 'max']),
  fnName: z.string().regex(/^[A-Za-z_$][\w$]*$/, 'must be a JavaScript identifier'),
  params: z.array(z.string().min(1)),
  outputs: z.array(z.string().min(1)),
  kinds: z.record(z.string(), z.enum(VALUE_KINDS)).optional(),
  taskText: z.string().min(1),
  ioText: z.string().min(1),
  seedCode: z.string().min(1),
  baselines: z.record(z.string(), z.string()).optional(),
  splits: z.array(splitSchema).min(1),
  testSplits: z.array(z.string()).optional(),
  timeoutMs: z.number().positive().optional(),
  harness: z.union([z.string().min(1), z.function()]),
  loadSplit: z.function(),
  score: z.function(),
  invalidPolicy: z.function().optional(),
});

export function defineProblem(definition: ProblemDefinition): Problem {
  const checked = definitionSchema.safeParse(definition);
  if (!checked.success) {
    throw usageError(`problem definition: ${firstIssue(checked.error, '(top level)')}`);
  }
  const d = definition;
  if (!d.splits.some((s) => s.name === 'train' && s.mode === 'search')) {
    throw usageError(`problem ${d.id}: needs a split named "train" with mode "search" (the instances scored during search)`);
  }
  // A kind for a name the function does not have would be shown in no header: a typo the author should hear of.
  const stray = Object.keys(d.kinds ?? {}).find((name) => !d.params.includes(name) && !d.outputs.includes(name));
  if (stray) throw usageError(`problem ${d.id}: kinds names "${stray}", which is not one of params or outputs`);
  const testSplits = d.testSplits ?? d.splits.filter((s) => s.mode === 'test').map((s) => s.name);
  const unknown = testSplits.find((t) => !d.splits.some((s) => s.name === t));
  if (unknown) throw usageError(`problem ${d.id}: testSplits names unknown split "${unknown}"`);
  const harnessSource = typeof d.harness === 'string' ? d.harness : `var solve = ${d.harness.toString()};`;
  // Internally every objective is minimised: a max problem's natural scores are flipped here, once.
  return {
    id: d.id,
    title: d.title,
    sense: d.sense,
    kind: 'construct',
    fnName: d.fnName,
    params: d.params,
    outputs: d.outputs,
    ...(d.kinds ? { kinds: d.kinds } : {}),
    taskText: d.taskText,
    ioText: d.ioText,
    seedCode: d.seedCode,
    baselines: d.baselines ?? {},
    splits: d.splits,
    testSplits,
    timeoutMs: d.timeoutMs ?? 30_000,
    harnessSource,
    invalidPolicy: d.invalidPolicy ?? referenceInvalidPolicy,
    loadSplit: d.loadSplit,
    score: (raw, instance, ctx) => naturalSign(d.sense, d.score(raw, instance, ctx)),
  };
}
