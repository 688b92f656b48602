import type { Candidate, CandidateSpec, Directions, EsSession, RunContext } from '../core/types.ts';
import { usageError } from '../errors.ts';

/** The directions of one ES update and, per candidate, the direction it samples. */
export interface DirectionPlan {
  readonly directions: Directions;
  /** owner[k]: the direction candidate k is sampled under (k mod the direction count). */
  readonly owner: readonly number[];
  /** Candidates per direction asked for (at most `size`); their rewards are averaged into the direction's. */
  readonly perDirection: number;
}

/**
 * Spreads `size` candidates over directions with `perDirection` candidates each (fewer directions, each decoded
 * as one batch on a batching backend): size / perDirection directions, an even number of at least 2 when
 * antithetic. Candidate k samples direction k mod count.
 */
export function planDirections(es: EsSession, size: number, perDirection: number): DirectionPlan {
  if (es.params.antithetic && size < 2) throw usageError(`antithetic ES needs batches of at least 2 candidates, got ${size}`);
  const m = Math.max(1, Math.min(perDirection, size));
  let count = Math.max(1, Math.floor(size / m));
  if (es.params.antithetic) count = Math.max(2, count - (count % 2));
  const directions = es.directions(count);
  return { directions, owner: Array.from({ length: size }, (_, k) => k % count), perDirection: m };
}

/** One direction per candidate, as the reference (antithetic: mirrored pairs, an odd last one unpaired). */
export function oneDirectionEach(es: EsSession, size: number): DirectionPlan {
  return { directions: es.directions(size), owner: Array.from({ length: size }, (_, k) => k), perDirection: 1 };
}

/**
 * Which candidates share a parent draw under EoH's sameParent: candidate k belongs to the group of its direction's
 * noise seed, so all candidates of a direction and both halves of a mirrored pair (directions 2j, 2j + 1) are one
 * group (numbered by the direction's pair).
 */
export function parentGroups(plan: DirectionPlan, antithetic: boolean): number[] {
  return plan.owner.map((d) => (antithetic ? Math.floor(d / 2) : d));
}

/** A perturbed call's candidates: those the update is estimated from, and those that enter the population. */
export interface PerturbedCall {
  readonly probes: readonly Candidate[];
  readonly own: readonly Candidate[];
}

/**
 * Produces the candidates of a perturbed call. In the update-only control every perturbed spec gets an
 * unperturbed twin (same prompt and parents, its own sampler seed), generated in the same call: the perturbed
 * answers only feed the update, the twins are the run's candidates. Otherwise the perturbed candidates are both.
 */
export async function producePerturbed(ctx: RunContext, es: EsSession, specs: readonly CandidateSpec[]): Promise<PerturbedCall> {
  if (es.params.mode !== 'update-only') {
    const candidates = await ctx.produce(specs);
    return { probes: candidates, own: candidates };
  }
  const twins = specs.map(({ perturbation: _, samplerKey: __, ...spec }) => spec);
  const all = await ctx.produce([...specs.map((spec) => ({ ...spec, probe: true })), ...twins]);
  return { probes: all.slice(0, specs.length), own: all.slice(specs.length) };
}
