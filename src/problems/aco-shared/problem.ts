import { findSplit, referenceInvalidPolicy, splitPath } from '../shared/splits.ts';
import type { Instance, Problem, ProblemId, ScoreContext, SplitSpec, ValueKind } from '../types.ts';
import { acoHarnessSource } from './harness.ts';

/**
 * What sets one ACO task apart. Everything else is the same for all three: the model writes
 * `heuristics(...)` returning an n x n matrix, the shared matrix harness runs it, the trusted colony scores it
 * (minimised) under the reference's 30 s limit and invalid-instance rules, and the data sets follow the
 * reference's layout (see `data`).
 */
export interface AcoTask {
  readonly id: ProblemId;
  readonly title: string;
  /** Parameters of `heuristics`. */
  readonly params: readonly string[];
  /** Kinds of the params (the output, heuristicsMatrix, is a matrix for every ACO task). */
  readonly kinds: Readonly<Record<string, ValueKind>>;
  readonly prompt: Pick<Problem, 'taskText' | 'ioText' | 'seedCode' | 'baselines'>;
  /** The task's source folder (src/problems/<id>/, holding harness.js; its instances are in problems/<id>/data/). */
  readonly problemDir: URL;
  /**
   * The train set and the 64-instance test sets (all of them standard), in files named
   * `train<size>_dataset.<format>` and `test<size>_dataset.<format>`.
   */
  readonly data: {
    readonly format: 'npy' | 'npz';
    readonly train: { readonly count: number; readonly size: number };
    readonly testSizes: readonly number[];
  };
  /** The instances in one split's data file. */
  readInstances(path: string): Instance[];
  score(raw: Float64Array, instance: Instance, ctx: ScoreContext): number;
}

const TEST_COUNT = 64;

export function acoProblem(task: AcoTask): Problem {
  const { id, problemDir, data } = task;
  const file = (split: string) => `${split}_dataset.${data.format}`;
  const tests: SplitSpec[] = data.testSizes.map((size) => ({
    name: `test${size}`,
    mode: 'test',
    count: TEST_COUNT,
    size,
    file: file(`test${size}`),
  }));
  const { count, size } = data.train;
  const splits: readonly SplitSpec[] = [{ name: 'train', mode: 'search', count, size, file: file(`train${size}`) }, ...tests];
  return {
    id,
    title: task.title,
    sense: 'min',
    kind: 'aco',
    fnName: 'heuristics',
    params: task.params,
    outputs: ['heuristicsMatrix'],
    kinds: { ...task.kinds, heuristicsMatrix: 'matrix' },
    taskText: task.prompt.taskText,
    ioText: task.prompt.ioText,
    seedCode: task.prompt.seedCode,
    baselines: task.prompt.baselines,
    splits,
    testSplits: tests.map((s) => s.name),
    timeoutMs: 30_000,
    harnessSource: acoHarnessSource(problemDir),
    invalidPolicy: referenceInvalidPolicy,
    loadSplit: (split, dataDir) => task.readInstances(splitPath(id, findSplit(id, splits, split), dataDir)),
    score: task.score,
  };
}
