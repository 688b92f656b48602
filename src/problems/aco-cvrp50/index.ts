import { AhdError, ErrorCode } from '../../errors.ts';
import type { AcoParams } from '../aco-shared/ant-sampling.ts';
import { acoDistances, toRows } from '../aco-shared/distance.ts';
import { applyFloor, requireSquare, sanitiseForTest } from '../aco-shared/heuristic-matrix.ts';
import { acoProblem } from '../aco-shared/problem.ts';
import { instanceSeed } from '../aco-shared/seeds.ts';
import { column, readInstanceTable } from '../shared/instances.ts';
import type { EvalMode, Instance, Problem, ScoreContext } from '../types.ts';
import * as prompt from './prompt.ts';
import { solveCvrpAco } from './solver.ts';

/** The reference's vehicle capacity for every split. */
export const CVRP_CAPACITY = 50;

/** What the trusted scorer keeps per instance: distances in both precisions the reference's solvers use. */
export interface CvrpAcoData {
  readonly n: number;
  readonly dist64: Float64Array;
  readonly dist32: Float32Array;
  readonly demands: Float64Array;
  readonly capacity: number;
}

/** One instance from depot-first node coordinates and demands (demands[0] = the depot's, 0 in the reference). */
export function cvrpAcoInstance(x: ArrayLike<number>, y: ArrayLike<number>, demands: ArrayLike<number>): Instance {
  const n = x.length;
  const dist = acoDistances(x, y);
  const data: CvrpAcoData = {
    n,
    dist64: dist,
    dist32: Float32Array.from(dist),
    demands: Float64Array.from(demands),
    capacity: CVRP_CAPACITY,
  };
  const input = {
    distanceMatrix: toRows(dist, n),
    coordinates: Array.from({ length: n }, (_, i) => [x[i], y[i]]),
    demands: Array.from(demands),
    capacity: CVRP_CAPACITY,
  };
  return { input, data };
}

function readInstances(path: string): Instance[] {
  const table = readInstanceTable(path, 3, 2);
  return Array.from({ length: table.count }, (_, i) => {
    const demands = column(table, i, 0);
    // A demand outside [0, capacity] could never be served: the colony would not terminate.
    const bad = demands.findIndex((d) => !(d >= 0 && d <= CVRP_CAPACITY));
    if (bad >= 0) {
      throw new AhdError(ErrorCode.Data, `${path}: instance ${i} node ${bad} has demand ${demands[bad]}, outside [0, ${CVRP_CAPACITY}]`);
    }
    return cvrpAcoInstance(column(table, i, 1), column(table, i, 2), demands);
  });
}

/**
 * The reference's two evaluators. Search (float64): H + 1e-9, entries below 1e-9 raised to 1e-9; NaN and +Infinity
 * survive and make the colony fail (invalid). Test: the sanitiser (NaN -> 1e-9, +-Infinity -> 1e9 / 1e-9, floor
 * 1e-9), then the float32 colony (a value that overflows float32 still fails there). `score` passes the
 * reference's seed; benchmarks and tests pass others (and smaller colonies).
 */
export function scoreCvrpAco(raw: Float64Array, data: CvrpAcoData, mode: EvalMode, seed: number, params?: AcoParams): number {
  const { n, dist64, dist32, demands, capacity } = data;
  requireSquare(raw, n);
  if (mode === 'search') {
    const heuristic = applyFloor(raw.map((v) => v + 1e-9), 1e-9);
    return solveCvrpAco({ n, dist: dist64, heuristic, demands, capacity }, seed, params);
  }
  const heuristic = Float32Array.from(sanitiseForTest(raw));
  return solveCvrpAco({ n, dist: dist32, heuristic, demands, capacity }, seed, params);
}

/** Seed 1234 + 10,000,000 + customers * 1000 + index (search too, see seeds.ts). */
function score(raw: Float64Array, instance: Instance, ctx: ScoreContext): number {
  const data = instance.data as CvrpAcoData;
  return scoreCvrpAco(raw, data, ctx.mode, instanceSeed('cvrp', data.n - 1, ctx.index));
}

export const acoCvrp50: Problem = acoProblem({
  id: 'aco-cvrp50',
  title: 'ACO CVRP, 50 customers, capacity 50',
  params: ['distanceMatrix', 'coordinates', 'demands', 'capacity'],
  kinds: { distanceMatrix: 'matrix', coordinates: 'matrix', demands: 'array' },
  prompt,
  problemDir: new URL('./', import.meta.url),
  data: { format: 'npy', train: { count: 10, size: 50 }, testSizes: [20, 50, 100] },
  readInstances,
  score,
});
