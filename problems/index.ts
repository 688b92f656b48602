import { usageError } from '../src/errors.ts';
import { acoBpp500 } from './aco-bpp500/index.ts';
import { acoCvrp50 } from './aco-cvrp50/index.ts';
import { acoTsp50 } from './aco-tsp50/index.ts';
import { asp15 } from './asp15/index.ts';
import { kp100 } from './kp100/index.ts';
import { tsp50 } from './tsp50/index.ts';
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

/** The problem with this id; an unknown id is a usage error listing the known ones. */
export function getProblem(id: string): Problem {
  const problem = PROBLEMS.find((p) => p.id === id);
  if (!problem) throw usageError(`unknown problem "${id}" (known: ${PROBLEMS.map((p) => p.id).join(', ')})`, { problem: id });
  return problem;
}
