import { AhdError, ErrorCode } from '../../errors.ts';
import type { CandidateSpec, Individual, OperatorId, RunContext, Scaffold } from '../../core/types.ts';
import { scaffoldReward, shapeRewards } from '../../es/rewards.ts';
import { oneDirectionEach, parentGroups, planDirections, producePerturbed, type DirectionPlan } from '../es-directions.ts';
import { EVOLVE_ORDER, INITIAL_BATCH, POPULATION_SIZE, planEoh } from './budget.ts';
import { decimalLiterals } from '../../ground/numeric-literals.ts';
import { compactAnswer } from '../prompts/compact.ts';
import { OPERATORS, buildPrompt } from './operators.ts';
import { manage, toIndividual } from './population.ts';
import { probRank } from './selection.ts';

/** The reference retries the initial batch until one heuristic is valid; ahd gives up after this many. */
export const MAX_INITIAL_BATCHES = 5;

/**
 * Evolution of Heuristics as the reference runs it: an initial i1 batch, then per generation e1, e2, m1, m2,
 * each followed by population management. Under --es, m1/m2 sample perturbed directions (one per offspring, or
 * shared by k) and update the weights once per call, with the run's reward (rewards.ts); sameParent gives all
 * candidates of a noise seed one parent draw; the update-only control keeps the perturbed answers out of the
 * population (producePerturbed).
 */
export const eoh: Scaffold = {
  id: 'eoh',
  generations: (budget) => planEoh(budget).length,
  async run(ctx, budget) {
    const plan = planEoh(budget);
    let population = await initialPopulation(ctx);
    await ctx.snapshot(0, plan.length, population);
    for (let g = 0; g < plan.length; g++) {
      for (const operator of EVOLVE_ORDER) {
        if (plan[g][operator] > 0) population = await evolve(ctx, population, operator, plan[g][operator], g, plan.length);
      }
      await ctx.snapshot(g + 1, plan.length, population);
    }
    return population;
  },
};

async function initialPopulation(ctx: RunContext): Promise<Individual[]> {
  const messages = buildPrompt(ctx.promptStyle, ctx.problem, 'i1', []);
  for (let batch = 0; batch < MAX_INITIAL_BATCHES; batch++) {
    const specs: CandidateSpec[] = Array.from({ length: INITIAL_BATCH }, () => ({ operator: 'i1', parents: [], messages }));
    const population = manage((await ctx.produce(specs)).map(toIndividual), POPULATION_SIZE);
    if (population.length > 0) return population;
  }
  throw new AhdError(
    ErrorCode.Run,
    `no valid heuristic in ${MAX_INITIAL_BATCHES * INITIAL_BATCH} initial i1 samples: check the model (see events.jsonl)`,
  );
}

/** One operator call: `count` offspring from prob-rank parents, then population management. */
async function evolve(
  ctx: RunContext,
  population: Individual[],
  operator: OperatorId,
  count: number,
  generation: number,
  generations: number,
): Promise<Individual[]> {
  const es = OPERATORS[operator].perturbed ? ctx.es : undefined;
  const sigma = es ? es.sigma(generation, generations) : 0;
  const perDirection = es?.params.eohCandidatesPerDirection ?? 1;
  const plan = es ? (perDirection > 1 ? planDirections(es, count, perDirection) : oneDirectionEach(es, count)) : undefined;
  // Plain EoH asks again once for a code identical to a member's; the ES variant does not (as the reference).
  const avoidCodes = ctx.es ? undefined : new Set(population.map((p) => p.code));
  // sameParent: one prob-rank draw per noise seed (drawn as its first candidate comes), else one per candidate.
  const groups = plan && es?.params.sameParent ? parentGroups(plan, es.params.antithetic) : undefined;
  const drawn = new Map<number, Individual[]>();
  const specs: CandidateSpec[] = [];
  for (let i = 0; i < count; i++) {
    const group = groups?.[i];
    const parents = (group !== undefined && drawn.get(group)) || probRank(population, OPERATORS[operator].parents, ctx.select);
    if (group !== undefined) drawn.set(group, parents);
    const numbersOf = operator === 'm2' && ctx.m2 === 'numbers' ? numbersTemplate(parents[0]) : undefined;
    specs.push({
      operator,
      parents,
      messages: buildPrompt(ctx.promptStyle, ctx.problem, operator, parents),
      ...(numbersOf !== undefined && { numbersOf }),
      ...(plan ? { perturbation: perturbationOf(plan, i, sigma) } : { avoidCodes }),
    });
  }
  if (!es || !plan) return manage([...population, ...(await ctx.produce(specs)).map(toIndividual)], POPULATION_SIZE);
  const seen = ctx.validObjectives();
  const { probes, own } = await producePerturbed(ctx, es, specs);
  const objectives = probes.map((c) => c.objective);
  const rewards = shapeRewards(
    scaffoldReward(es.params, 'eoh'),
    {
      objectives,
      owner: plan.owner,
      directions: plan.directions.seeds.length,
      parents: specs.map((spec) => spec.parents[0].objective),
      // W: the worst finite objective of the population as it was before this batch.
      worst: Math.max(...population.map((p) => p.objective)),
      seen,
    },
    { quantile: es.params.rewardQuantile },
  );
  await es.update({
    generation,
    operator,
    directions: plan.directions,
    rewards,
    sigma,
    objectives,
    candidates: probes,
    ...(plan.perDirection > 1 && { samplesPerDirection: plan.perDirection }),
  });
  return manage([...population, ...own.map(toIndividual)], POPULATION_SIZE);
}

/**
 * --m2 numbers: the parent's answer, as the compact format has the model write it, for the model to fill with new
 * decimals; a parent with no decimal literal has nothing to tune, and its m2 child is written freely.
 */
function numbersTemplate(parent: Individual): string | undefined {
  const answer = compactAnswer(parent.description, parent.code);
  return decimalLiterals(answer).length > 0 ? answer : undefined;
}

/** Candidate i's perturbation: its direction's seed, at sigma times the direction's sign. */
function perturbationOf(plan: DirectionPlan, i: number, sigma: number) {
  const d = plan.owner[i];
  return { seed: plan.directions.seeds[d], sigma: sigma * plan.directions.signs[d] };
}
