import { readNpz } from '../../data/npz.ts';
import { assertShape } from '../../data/npy.ts';
import { AhdError, ErrorCode } from '../../errors.ts';
import { requireSquare, sanitiseForTest } from '../aco-shared/heuristic-matrix.ts';
import { acoProblem } from '../aco-shared/problem.ts';
import { instanceSeed } from '../aco-shared/seeds.ts';
import { InvalidSolution, type EvalMode, type Instance, type Problem, type ScoreContext } from '../types.ts';
import * as prompt from './prompt.ts';
import { solveBppSample } from './solver.ts';

/** The reference's bin capacity for every split. */
export const BPP_CAPACITY = 150;

export interface BppAcoData {
  readonly demands: Float64Array;
  readonly capacity: number;
}

export function bppAcoInstance(demands: ArrayLike<number>): Instance {
  const data: BppAcoData = { demands: Float64Array.from(demands), capacity: BPP_CAPACITY };
  return { input: { demands: Array.from(demands), capacity: BPP_CAPACITY }, data };
}

function readInstances(path: string): Instance[] {
  const array = readNpz(path, 'demands');
  const [count, n] = assertShape(array, [null, null], `${path}:demands`);
  const bad = array.data.findIndex((d) => !(Number.isInteger(d) && d > 0 && d <= BPP_CAPACITY));
  if (bad >= 0) {
    throw new AhdError(ErrorCode.Data, `${path}: demand ${array.data[bad]} at flat index ${bad} is not an integer in [1, ${BPP_CAPACITY}]`, {
      context: { file: path },
    });
  }
  return Array.from({ length: count }, (_, i) => bppAcoInstance(array.data.subarray(i * n, (i + 1) * n)));
}

/**
 * The solver's prior from a checked matrix, as the reference prepares it: clip to [1e-6, 1e6], divide by the
 * maximum, raise entries below 1e-6 to 1e-6.
 */
export function bppPrior(matrix: Float64Array): Float64Array {
  const prior = matrix.map((v) => (v > 1e6 ? 1e6 : v < 1e-6 ? 1e-6 : v));
  let max = -Infinity;
  for (let i = 0; i < prior.length; i++) if (prior[i] > max) max = prior[i];
  for (let i = 0; i < prior.length; i++) {
    const v = prior[i] / max;
    prior[i] = v < 1e-6 ? 1e-6 : v;
  }
  return prior;
}

/** Search: the maximum must be positive and finite (NaN anywhere fails too, as NumPy's max propagates it). */
function requirePositiveFiniteMax(raw: Float64Array): void {
  let max = -Infinity;
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i];
    if (Number.isNaN(v)) throw new InvalidSolution(`heuristics matrix entry ${i} is NaN`);
    if (v > max) max = v;
  }
  if (!(max > 0 && max < Infinity)) throw new InvalidSolution(`heuristics matrix maximum is ${max}, must be positive and finite`);
}

/**
 * Search checks the matrix's maximum; test applies the reference's sanitiser instead. Then the greedy
 * constructions (200 unless `samples` says otherwise). `score` passes the reference's seed; benchmarks and tests
 * pass others.
 */
export function scoreBppAco(raw: Float64Array, data: BppAcoData, mode: EvalMode, seed: number, samples?: number): number {
  const { demands, capacity } = data;
  requireSquare(raw, demands.length);
  if (mode === 'search') requirePositiveFiniteMax(raw);
  const prior = bppPrior(mode === 'search' ? raw : sanitiseForTest(raw));
  return solveBppSample(demands, capacity, prior, seed, samples);
}

/** Seed 1234 + 20,000,000 + items * 1000 + index (search too, see seeds.ts). */
function score(raw: Float64Array, instance: Instance, ctx: ScoreContext): number {
  const data = instance.data as BppAcoData;
  return scoreBppAco(raw, data, ctx.mode, instanceSeed('bpp', data.demands.length, ctx.index));
}

export const acoBpp500: Problem = acoProblem({
  id: 'aco-bpp500',
  title: 'ACO offline bin packing, 500 items, capacity 150',
  params: ['demand', 'capacity'],
  kinds: { demand: 'array' },
  prompt,
  problemDir: new URL('./', import.meta.url),
  data: { format: 'npz', train: { count: 5, size: 500 }, testSizes: [500, 1000] },
  readInstances,
  score,
});
