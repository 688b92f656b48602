import { InvalidSolution } from '../types.ts';

/**
 * Checks and conversions of a candidate's heuristic matrix (the harness's flat, row-major output), as the
 * reference's evaluators apply them before their solvers run. Each task composes these in its own order.
 */

/** The harness output must hold exactly n * n numbers (the harness checks rows; this never trusts it). */
export function requireSquare(raw: Float64Array, n: number): void {
  if (raw.length !== n * n) throw new InvalidSolution(`heuristics matrix has ${raw.length} entries, expected ${n} x ${n}`);
}

/**
 * The reference's test-set sanitiser: NaN -> 1e-9, +Infinity -> 1e9, -Infinity -> 1e-9, then everything below
 * 1e-9 raised to 1e-9. Returns a new float64 matrix.
 */
export function sanitiseForTest(raw: Float64Array): Float64Array {
  const out = new Float64Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i];
    const clean = Number.isNaN(v) ? 1e-9 : v === Infinity ? 1e9 : v;
    out[i] = clean < 1e-9 ? 1e-9 : clean;
  }
  return out;
}

/**
 * Casts to float32; a value that is non-finite after the cast (NaN, +-Infinity, or a finite float64 that overflows
 * float32) makes the matrix invalid. Used where the reference rejects such matrices up front (ACO-TSP).
 */
export function toFiniteFloat32(raw: Float64Array): Float32Array {
  const out = Float32Array.from(raw);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i])) {
      throw new InvalidSolution(`heuristics matrix entry ${i} is ${raw[i]} (not finite as float32)`);
    }
  }
  return out;
}

/** Raises every entry below `floor` (in the array's own precision) to `floor`; NaN is left as it is. */
export function applyFloor<T extends Float32Array | Float64Array>(matrix: T, floor: number): T {
  const limit = matrix instanceof Float32Array ? Math.fround(floor) : floor;
  for (let i = 0; i < matrix.length; i++) if (matrix[i] < limit) matrix[i] = limit;
  return matrix;
}
