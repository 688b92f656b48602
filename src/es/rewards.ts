import { centeredRanks } from './normalise.ts';

/**
 * Reward shaping: objectives (minimised; non-finite = invalid) -> rewards (maximised, finite), exactly as the
 * reference's two modes. The sign flips here, at the ES edge, and nowhere else.
 */

/** One EoH+ES direction: the objective of the parent it was prompted with and of the child it produced. */
export interface ParentChild {
  readonly parent: number;
  readonly child: number;
}

/**
 * EoH+ES "improvement" with a floor: r = P - C for a valid child with C <= W; otherwise (invalid, or worse than
 * W, the worst finite objective of the population before this batch) C is replaced by min(W, P + 1), so such a
 * child scores max(P - W, -1). Without a finite W (no valid member) the floor is P + 1 and valid children are
 * not compared with it. A non-finite parent objective carries no signal: reward 0.
 */
export function improvementRewards(pairs: readonly ParentChild[], worst: number): number[] {
  const hasWorst = Number.isFinite(worst);
  return pairs.map(({ parent, child }) => {
    if (!Number.isFinite(parent)) return 0;
    if (Number.isFinite(child) && (!hasWorst || child <= worst)) return parent - child;
    return parent - (hasWorst ? Math.min(worst, parent + 1) : parent + 1);
  });
}

/**
 * Sample+ES "negative objective": valid r = -C; invalid r = min(valid r) - spread, spread = std(valid r, ddof 0),
 * or max(0.01 * |mean(valid r)|, 1) when that std is <= 1e-8. All invalid -> all zero (a zero update).
 */
export function negativeObjectiveRewards(objectives: readonly number[]): number[] {
  const valid = objectives.filter(Number.isFinite).map((c) => -c);
  if (valid.length === 0) return objectives.map(() => 0);
  const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
  const std = Math.sqrt(valid.reduce((a, r) => a + (r - mean) ** 2, 0) / valid.length);
  const spread = std <= 1e-8 ? Math.max(0.01 * Math.abs(mean), 1) : std;
  const floor = Math.min(...valid) - spread;
  return objectives.map((c) => (Number.isFinite(c) ? -c : floor));
}

/**
 * Sample+ES "rank": each candidate's centered rank in [-0.5, 0.5] among the batch by its negative objective, the
 * invalid ones tied below every valid one (they share the lowest shaped reward). All invalid -> all zero.
 */
export function sampleRankRewards(objectives: readonly number[]): number[] {
  return centeredRanks(negativeObjectiveRewards(objectives));
}
