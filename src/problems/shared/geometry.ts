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

/**
 * Length of the closed tour visiting `route` in order, each leg computed as euclideanMatrix computes its entry
 * (so the sum is the one over the matrix, to the last bit), without building the n x n matrix for n legs.
 */
export function closedTourLength(route: ArrayLike<number>, x: ArrayLike<number>, y: ArrayLike<number>): number {
  const leg = (a: number, b: number) => {
    const dx = x[a] - x[b];
    const dy = y[a] - y[b];
    return Math.sqrt(dx * dx + dy * dy);
  };
  let length = 0;
  for (let i = 0; i + 1 < route.length; i++) length += leg(route[i], route[i + 1]);
  return length + leg(route[route.length - 1], route[0]);
}
