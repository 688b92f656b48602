import type { CandidateSpec, Individual, Scaffold } from '../../src/engine/types.ts';
import { negativeObjectiveRewards } from '../../src/es/rewards.ts';
import { POPULATION_SIZE } from '../eoh/budget.ts';
import { buildPrompt } from '../eoh/operators.ts';
import { manage, toIndividual } from '../eoh/population.ts';
import { planSample } from './budget.ts';

/**
 * Sample: independent i1 answers in batches of 20; the best valid one is the result. Under --es every batch is
 * sampled under perturbed directions and followed by one update (one schedule step per batch).
 */
export const sample: Scaffold = {
  id: 'sample',
  generations: (budget) => planSample(budget).length,
  async run(ctx, budget) {
    const batches = planSample(budget);
    const messages = buildPrompt(ctx.promptStyle, ctx.problem, 'i1', []);
    let population: Individual[] = [];
    for (let b = 0; b < batches.length; b++) {
      const sigma = ctx.es ? ctx.es.sigma(b, batches.length) : 0;
      const seeds = ctx.es ? ctx.es.directions(batches[b]) : [];
      const specs: CandidateSpec[] = Array.from({ length: batches[b] }, (_, i) => ({
        operator: 'i1',
        parents: [],
        messages,
        ...(ctx.es ? { perturbation: { seed: seeds[i], sigma } } : {}),
      }));
      const candidates = await ctx.produce(specs, { evaluateAfterGeneration: ctx.es !== undefined });
      if (ctx.es) {
        const rewards = negativeObjectiveRewards(candidates.map((c) => c.objective));
        await ctx.es.update({ generation: b, operator: 'i1', seeds, rewards, sigma });
      }
      population = manage([...population, ...candidates.map(toIndividual)], POPULATION_SIZE);
      await ctx.snapshot(b + 1, batches.length, population);
    }
    return population;
  },
};
