/**
 * Per-instance solver seeds, after the reference's formulas `1234 + offset + N * 1000 + index` (N = nodes for TSP,
 * customers for CVRP, items for BPP). The reference seeds ACO-TSP in search and test, and CVRP/BPP only in test;
 * its CVRP/BPP search runs are unseeded, and ahd uses the same formula there (with the train size N), so every
 * score is reproducible.
 */
export type AcoTask = 'tsp' | 'cvrp' | 'bpp';

const SEED_OFFSET: Readonly<Record<AcoTask, number>> = { tsp: 0, cvrp: 10_000_000, bpp: 20_000_000 };

export function instanceSeed(task: AcoTask, size: number, index: number): number {
  return 1234 + SEED_OFFSET[task] + size * 1000 + index;
}
