import type { CandidateSpec, Directions, EsSession, Individual, Scaffold } from '../../core/types.ts';
import { planDirections, producePerturbed } from '../es-directions.ts';
import { scaffoldReward, shapeRewards } from '../../es/rewards.ts';
import type { ChatMessage } from '../../llm/types.ts';
import { POPULATION_SIZE } from '../eoh/budget.ts';
import { buildPrompt } from '../eoh/operators.ts';
import { manage, toIndividual } from '../eoh/population.ts';
import { planSample } from './budget.ts';

/**
 * Sample: independent i1 answers in batches of 20; the best valid one is the result. Under --es every batch is
 * sampled under perturbed directions and followed by one update (one schedule step per batch): with the
 * reference's settings one direction per candidate; with samplesPerDirection m, batch/m directions of m
 * candidates each (their shaped rewards, negative objectives or ranks in the batch, averaged), which a batching backend decodes together; with
 * commonRandomNumbers, sample j of every direction (or, 'pairs', of both halves of a mirrored pair) uses the same
 * sampler seed. The reward is rewards.ts's choice; the controls (noise-only, update-only) are the ES session's
 * and producePerturbed's.
 */
export const sample: Scaffold = {
  id: 'sample',
  generations: (budget) => planSample(budget).length,
  async run(ctx, budget) {
    const batches = planSample(budget);
    const messages = buildPrompt(ctx.promptStyle, ctx.problem, 'i1', []);
    let population: Individual[] = [];
    for (let b = 0; b < batches.length; b++) {
      const size = batches[b];
      if (!ctx.es) {
        const specs: CandidateSpec[] = Array.from({ length: size }, () => ({ operator: 'i1', parents: [], messages }));
        population = manage([...population, ...(await ctx.produce(specs)).map(toIndividual)], POPULATION_SIZE);
      } else {
        const es = ctx.es;
        const sigma = es.sigma(b, batches.length);
        const plan = perturbedBatch(es, size, b);
        const specs = plan.owner.map((d, k) => perturbedSpec(messages, plan.directions, d, sigma, plan.samplerKeys[k]));
        const seen = ctx.validObjectives();
        const { probes, own } = await producePerturbed(ctx, es, specs);
        const objectives = probes.map((c) => c.objective);
        const batch = { objectives, owner: plan.owner, directions: plan.directions.seeds.length, seen };
        const rewards = shapeRewards(scaffoldReward(es.params, 'sample'), batch, { quantile: es.params.rewardQuantile });
        await es.update({ generation: b, operator: 'i1', directions: plan.directions, rewards, sigma, objectives, candidates: probes, samplesPerDirection: plan.perDirection });
        population = manage([...population, ...own.map(toIndividual)], POPULATION_SIZE);
      }
      await ctx.snapshot(b + 1, batches.length, population);
    }
    return population;
  },
};

/** A batch's directions and, per candidate, the direction it samples and its sampler key (common random numbers). */
function perturbedBatch(es: EsSession, size: number, batch: number) {
  const plan = planDirections(es, size, es.params.samplesPerDirection);
  const count = plan.directions.seeds.length;
  const crn = es.params.commonRandomNumbers;
  // Candidate k is sample j = floor(k / count) of its direction. CRN: sample j of every direction shares its
  // sampler seed; 'pairs': of the directions with the same noise seed (a mirrored pair) only.
  const samplerKeys = plan.owner.map((d, k) => {
    const j = Math.floor(k / count);
    if (crn === 'pairs') return `crn:${batch}:${plan.directions.seeds[d]}:${j}`;
    return crn ? `crn:${batch}:${j}` : undefined;
  });
  return { ...plan, samplerKeys };
}

function perturbedSpec(messages: readonly ChatMessage[], directions: Directions, d: number, sigma: number, samplerKey?: string): CandidateSpec {
  return {
    operator: 'i1',
    parents: [],
    messages,
    perturbation: { seed: directions.seeds[d], sigma: sigma * directions.signs[d] },
    ...(samplerKey ? { samplerKey } : {}),
  };
}

