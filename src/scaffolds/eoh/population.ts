import type { Candidate, Individual } from '../../core/types.ts';

/** Objectives are compared at 5 decimals, as the reference rounds them. */
export function objectiveKey(objective: number): number {
  return Math.round(objective * 1e5);
}

/**
 * EoH population management (the reference's pop_greedy): drop non-finite objectives, keep the first of each
 * objective (rounded to 5 decimals), then the `size` smallest, sorted ascending. Pure; input order decides ties.
 */
export function manage<T extends { readonly objective: number }>(candidates: readonly T[], size: number): T[] {
  const seen = new Set<number>();
  const unique: T[] = [];
  for (const candidate of candidates) {
    if (!Number.isFinite(candidate.objective)) continue;
    const key = objectiveKey(candidate.objective);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(candidate);
  }
  return unique.sort((a, b) => a.objective - b.objective).slice(0, size);
}

/** The population record of a candidate (its objective stays Infinity when invalid, so `manage` drops it). */
export function toIndividual(candidate: Candidate): Individual {
  const { index, description, code, objective, operator, parents } = candidate;
  return { id: index, description, code, objective, operator, parents };
}
