import { euclideanMatrix } from '../shared/geometry.ts';

/**
 * The ACO tasks' distance matrix: Euclidean, float64, with the diagonal set to 1 (as the reference does, so that
 * 1 / distance stays finite on the diagonal).
 */
export function acoDistances(x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const n = x.length;
  const d = euclideanMatrix(x, y);
  for (let i = 0; i < n; i++) d[i * n + i] = 1;
  return d;
}

/** A row-major n x n matrix as plain nested arrays (what the harness hands to the candidate). */
export function toRows(flat: ArrayLike<number>, n: number): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i < n; i++) rows.push(Array.from({ length: n }, (_, j) => flat[i * n + j]));
  return rows;
}
