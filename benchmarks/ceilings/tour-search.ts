import type { Rng } from '../../src/ground/rng.ts';

/**
 * Closed-tour local search on a row-major distance matrix: 2-opt (reverse a segment) and or-opt (move one node
 * elsewhere), first improvement, to a local optimum. Its tours are upper bounds on the optimum.
 */
export function tourLength(tour: readonly number[], d: ArrayLike<number>, n: number): number {
  let length = 0;
  for (let k = 0; k < n; k++) length += d[tour[k] * n + tour[(k + 1) % n]];
  return length;
}

/** Improves `tour` in place to a 2-opt and or-opt local optimum; returns its length. */
export function improveTour(tour: number[], d: ArrayLike<number>, n: number): number {
  const at = (i: number) => tour[(i + n) % n];
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 2; j < n; j++) {
        const [a, b, c, e] = [tour[i], tour[i + 1], tour[j], at(j + 1)];
        if (d[a * n + c] + d[b * n + e] < d[a * n + b] + d[c * n + e] - 1e-9) {
          for (let lo = i + 1, hi = j; lo < hi; lo++, hi--) [tour[lo], tour[hi]] = [tour[hi], tour[lo]];
          improved = true;
        }
      }
    }
    for (let i = 0; i < n && n > 3; i++) {
      const [prev, v, next] = [at(i - 1), tour[i], at(i + 1)];
      const saved = d[prev * n + v] + d[v * n + next] - d[prev * n + next];
      const rest = tour.filter((_, k) => k !== i);
      let bestAt = -1;
      let bestCost = saved - 1e-9;
      for (let k = 0; k < rest.length; k++) {
        const [p, q] = [rest[k], rest[(k + 1) % rest.length]];
        const cost = d[p * n + v] + d[v * n + q] - d[p * n + q];
        if (cost < bestCost) [bestAt, bestCost] = [k + 1, cost];
      }
      if (bestAt >= 0) {
        rest.splice(bestAt, 0, v);
        tour.splice(0, n, ...rest);
        improved = true;
      }
    }
  }
  return tourLength(tour, d, n);
}

/** The nearest-neighbour tour from `start`. */
export function nearestNeighbourTour(d: ArrayLike<number>, n: number, start: number): number[] {
  const tour = [start];
  const seen = new Uint8Array(n);
  seen[start] = 1;
  for (let step = 1; step < n; step++) {
    const last = tour[step - 1];
    let next = -1;
    for (let j = 0; j < n; j++) if (!seen[j] && (next < 0 || d[last * n + j] < d[last * n + next])) next = j;
    seen[next] = 1;
    tour.push(next);
  }
  return tour;
}

/** The best local optimum from `starts` random tours (a seeded shuffle each). */
export function bestOfRandomStarts(d: ArrayLike<number>, n: number, starts: number, rng: Rng): number {
  let best = Infinity;
  for (let s = 0; s < starts; s++) {
    const tour = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [tour[i], tour[j]] = [tour[j], tour[i]];
    }
    best = Math.min(best, improveTour(tour, d, n));
  }
  return best;
}
