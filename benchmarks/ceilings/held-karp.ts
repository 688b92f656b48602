/**
 * The optimal closed tour of a small instance by Held-Karp dynamic programming: O(2^n n^2) time and 2^(n-1) (n-1)
 * float64 of memory, so about n <= 22 (n = 20 is 80 MB and a fraction of a second). Node 0 is the fixed start.
 */
export function optimalTourLength(d: ArrayLike<number>, n: number): number {
  if (n <= 3) return n < 2 ? 0 : n === 2 ? d[1] + d[n] : d[1] + d[n + 2] + d[2 * n];
  if (n > 22) throw new RangeError(`Held-Karp needs n <= 22, got ${n}`);
  const m = n - 1; // nodes 1..n-1 as bits 0..m-1
  const full = 1 << m;
  const dp = new Float64Array(full * m).fill(Infinity); // dp[mask * m + j]: shortest 0 -> ... -> j through mask
  for (let j = 0; j < m; j++) dp[(1 << j) * m + j] = d[j + 1];
  for (let mask = 1; mask < full; mask++) {
    for (let j = 0; j < m; j++) {
      const here = dp[mask * m + j];
      if (!(mask & (1 << j)) || here === Infinity) continue;
      const row = (j + 1) * n;
      for (let k = 0; k < m; k++) {
        if (mask & (1 << k)) continue;
        const at = (mask | (1 << k)) * m + k;
        const length = here + d[row + k + 1];
        if (length < dp[at]) dp[at] = length;
      }
    }
  }
  let best = Infinity;
  for (let j = 0; j < m; j++) best = Math.min(best, dp[(full - 1) * m + j] + d[(j + 1) * n]);
  return best;
}
