/**
 * Euclidean distances computed as sqrt(dx*dx + dy*dy), the operation order NumPy's norm uses, so matrices match
 * the reference's to the last bit.
 */
export function euclideanMatrix(x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const n = x.length;
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = x[i] - x[j];
      const dy = y[i] - y[j];
      d[i * n + j] = Math.sqrt(dx * dx + dy * dy);
    }
  }
  return d;
}

/** Length of the closed tour visiting `route` in order (row-major n x n distance matrix). */
export function closedTourLength(route: ArrayLike<number>, d: Float64Array, n: number): number {
  let length = 0;
  for (let i = 0; i + 1 < route.length; i++) length += d[route[i] * n + route[i + 1]];
  return length + d[route[route.length - 1] * n + route[0]];
}
