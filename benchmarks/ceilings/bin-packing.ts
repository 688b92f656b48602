/**
 * Martello and Toth's L2 lower bound on the bins a bin-packing instance needs (1990): for each threshold K up to
 * half the capacity, the items above C - K each need a bin of their own, those in (C/2, C - K] too, and the volume of
 * the items in [K, C/2] that does not fit beside the latter needs more. At K = 0 it is the volume bound ceil(sum / C).
 */
export function binsLowerBound(demands: ArrayLike<number>, capacity: number): number {
  const items = Array.from(demands);
  let best = Math.ceil(items.reduce((a, b) => a + b, 0) / capacity);
  for (let k = 0; k <= capacity / 2; k++) {
    let alone = 0;
    let big = 0;
    let bigVolume = 0;
    let smallVolume = 0;
    for (const x of items) {
      if (x > capacity - k) alone++;
      else if (x > capacity / 2) [big, bigVolume] = [big + 1, bigVolume + x];
      else if (x >= k) smallVolume += x;
    }
    const spare = big * capacity - bigVolume;
    best = Math.max(best, alone + big + Math.max(0, Math.ceil((smallVolume - spare) / capacity)));
  }
  return best;
}

/** The bins first-fit decreasing uses: a packing that exists, so an upper bound on the optimum. */
export function firstFitDecreasingBins(demands: ArrayLike<number>, capacity: number): number {
  const free: number[] = [];
  for (const x of Array.from(demands).sort((a, b) => b - a)) {
    const bin = free.findIndex((room) => room >= x);
    if (bin >= 0) free[bin] -= x;
    else free.push(capacity - x);
  }
  return free.length;
}
