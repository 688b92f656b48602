import type { AcoParams } from '../aco-shared/ant-sampling.ts';
import { acoDistances, toRows } from '../aco-shared/distance.ts';
import { applyFloor, requireSquare, toFiniteFloat32 } from '../aco-shared/heuristic-matrix.ts';
import { acoProblem } from '../aco-shared/problem.ts';
import { instanceSeed } from '../aco-shared/seeds.ts';
import { column, readInstanceTable } from '../shared/instances.ts';
import type { Instance, Problem, ScoreContext } from '../types.ts';
import * as prompt from './prompt.ts';
import { solveTspAco } from './solver.ts';

/** What the trusted scorer keeps per instance: the distances in the solver's float32. */
export interface TspAcoData {
  readonly n: number;
  readonly dist: Float32Array;
}

/** One instance from node coordinates: the candidate sees the float64 distances, the solver their float32 cast. */
export function tspAcoInstance(x: ArrayLike<number>, y: ArrayLike<number>): Instance {
  const n = x.length;
  const dist = acoDistances(x, y);
  const data: TspAcoData = { n, dist: Float32Array.from(dist) };
  return { input: { distanceMatrix: toRows(dist, n) }, data };
}

function readInstances(path: string): Instance[] {
  const table = readInstanceTable(path, 2, 2);
  return Array.from({ length: table.count }, (_, i) => tspAcoInstance(column(table, i, 0), column(table, i, 1)));
}

/**
 * The reference's checks, then its colony (search and test alike): the matrix is cast to float32, any entry
 * non-finite after the cast makes it invalid, entries below 1e-9 become 1e-9. `score` passes the reference's seed;
 * benchmarks and tests pass others (and smaller colonies).
 */
export function scoreTspAco(raw: Float64Array, data: TspAcoData, seed: number, params?: AcoParams): number {
  requireSquare(raw, data.n);
  const heuristic = applyFloor(toFiniteFloat32(raw), 1e-9);
  return solveTspAco(data.dist, heuristic, data.n, seed, params);
}

/** Seed 1234 + n * 1000 + index, the reference's formula in search and test. */
function score(raw: Float64Array, instance: Instance, ctx: ScoreContext): number {
  const data = instance.data as TspAcoData;
  return scoreTspAco(raw, data, instanceSeed('tsp', data.n, ctx.index));
}

export const acoTsp50: Problem = acoProblem({
  id: 'aco-tsp50',
  title: 'ACO TSP, 50 nodes',
  params: ['distanceMatrix'],
  kinds: { distanceMatrix: 'matrix' },
  prompt,
  problemDir: new URL('./', import.meta.url),
  data: { format: 'npy', train: { count: 5, size: 50 }, testSizes: [20, 50, 100] },
  readInstances,
  score,
});
