import type { Problem } from '../problems/types.ts';

/** Heap limit of one candidate's isolate. Inputs of the largest splits (a 1000 x 1000 matrix) take ~16 MB. */
export const DEFAULT_MEMORY_LIMIT_MB = 256;

/**
 * A candidate's wall-time limit on a split. `problem.timeoutMs` is the reference's limit for the train split;
 * other splits scale it by their work relative to train: instance count times size squared (a heuristic sees an
 * n x n matrix or makes n choices over n items, so its work grows at least quadratically), never below the train
 * limit. Example: tsp50 test200 (1000 instances of 200 nodes against 64 of 50) gets 250 x 20 s. These are caps
 * against runaway candidates, not expected times. A split's own `timeoutMs` replaces the scaling (for tasks whose
 * work grows otherwise), and an explicit `override` (the request's) wins over both.
 */
export function timeLimitMs(problem: Problem, split: string, override?: number): number {
  if (override !== undefined) return override;
  const train = problem.splits.find((s) => s.name === 'train');
  const spec = problem.splits.find((s) => s.name === split);
  if (!train || !spec) return problem.timeoutMs;
  if (spec.timeoutMs !== undefined) return spec.timeoutMs;
  const work = (spec.count / train.count) * (spec.size / train.size) ** 2;
  return Math.round(problem.timeoutMs * Math.max(1, work));
}

/**
 * The host's last-resort deadline for a sandbox task: isolated-vm enforces the limit inside the isolate, this only
 * catches a sandbox that stops answering. Generous, because trusted scoring (ACO solvers) is not in the limit.
 */
export function watchdogMs(limitMs: number): number {
  return 2 * limitMs + 60_000;
}
