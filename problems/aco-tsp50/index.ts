import type { AcoParams } from '../aco-shared/ant-sampling.ts';
import { acoDistances, toRows } from '../aco-shared/distance.ts';
import { acoHarnessSource } from '../aco-shared/harness.ts';
import { applyFloor, requireSquare, toFiniteFloat32 } from '../aco-shared/heuristic-matrix.ts';
import { instanceSeed } from '../aco-shared/seeds.ts';
import { column, readInstanceTable } from '../shared/instances.ts';
import { findSplit, referenceInvalidPolicy, splitPath } from '../shared/splits.ts';
import type { Instance, Problem, ScoreContext, SplitSpec } from '../types.ts';
import { baselines, ioText, seedCode, taskText } from './prompt.ts';
import { solveTspAco } from './solver.ts';

const problemDir = new URL('./', import.meta.url);

const splits: readonly SplitSpec[] = [
  { name: 'train', mode: 'search', count: 5, size: 50, file: 'train50_dataset.npy' },
  { name: 'test20', mode: 'test', count: 64, size: 20, file: 'test20_dataset.npy' },
  { name: 'test50', mode: 'test', count: 64, size: 50, file: 'test50_dataset.npy' },
  { name: 'test100', mode: 'test', count: 64, size: 100, file: 'test100_dataset.npy' },
];

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

function loadSplit(split: string, dataDir?: string): Instance[] {
  const path = splitPath(problemDir, findSplit('aco-tsp50', splits, split), dataDir);
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

export const acoTsp50: Problem = {
  id: 'aco-tsp50',
  title: 'ACO TSP, 50 nodes',
  sense: 'min',
  kind: 'aco',
  fnName: 'heuristics',
  params: ['distanceMatrix'],
  outputs: ['heuristicsMatrix'],
  taskText,
  ioText,
  seedCode,
  baselines,
  splits,
  testSplits: ['test20', 'test50', 'test100'],
  timeoutMs: 30_000,
  harnessSource: acoHarnessSource(problemDir),
  invalidPolicy: referenceInvalidPolicy,
  loadSplit,
  score,
};
