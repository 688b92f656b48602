import { describe, expect, it } from 'vitest';
import type { CandidateSpec, EsSession, EsUpdateRequest } from '../../src/core/types.ts';
import { createEsStrategy, DEFAULT_ES, DEFAULT_ES_EOH, type EsParams } from '../../src/es/optimizer.ts';
import { parentGroups, planDirections, oneDirectionEach } from '../../src/scaffolds/es-directions.ts';
import { eoh } from '../../src/scaffolds/eoh/index.ts';
import { sample } from '../../src/scaffolds/sample/index.ts';
import { fakeContext } from './fake-context.ts';

/** An EsSession double: the strategy's real direction stream, updates recorded instead of applied. */
function fakeEs(params: EsParams) {
  const strategy = createEsStrategy(params);
  let state = strategy.init(7);
  const updates: EsUpdateRequest[] = [];
  const es: EsSession = {
    params: strategy.params,
    sigma: () => 0.1,
    directions(count) {
      const asked = strategy.ask(state, count);
      state = asked.state;
      return { seeds: asked.seeds, signs: asked.signs ?? asked.seeds.map(() => 1) };
    },
    async update(request) {
      updates.push(request);
    },
  };
  return { es, updates };
}

/** Perturbed answers are far better than any unperturbed one: they would lead the population if let in. */
const perturbedBetter = (index: number, spec: CandidateSpec) => (spec.perturbation ? 1 + index * 1e-3 : 100 + index * 1e-3);

describe('update-only control', () => {
  for (const [scaffold, params] of [
    ['eoh', DEFAULT_ES_EOH],
    ['sample', DEFAULT_ES],
  ] as const) {
    it(`${scaffold}: updates from perturbed samples, the population holds only their unperturbed twins`, async () => {
      const { es, updates } = fakeEs({ ...params, mode: 'update-only' });
      const { ctx, batches, specOf } = fakeContext(perturbedBetter, es);
      const population = await (scaffold === 'eoh' ? eoh : sample).run(ctx, 40);
      expect(updates.length).toBeGreaterThan(0);
      expect(population.length).toBeGreaterThan(0);
      for (const member of population) expect(specOf.get(member.id)?.perturbation).toBeUndefined();
      // The update saw the perturbed half of each call; every perturbed spec has a twin with its prompt and parents.
      for (const update of updates) expect(update.objectives.every((o) => o < 100)).toBe(true);
      const perturbedCalls = batches.filter((b) => b.some((s) => s.perturbation));
      expect(perturbedCalls).toHaveLength(updates.length);
      for (const call of perturbedCalls) {
        const half = call.length / 2;
        call.slice(0, half).forEach((spec, i) => {
          const twin = call[half + i];
          expect(spec.perturbation).toBeDefined();
          expect(twin.perturbation).toBeUndefined();
          expect(twin.samplerKey).toBeUndefined();
          expect([twin.messages, twin.parents]).toEqual([spec.messages, spec.parents]);
        });
      }
    });
  }

  it('the full arm lets the perturbed candidates in (the control above would fail without its twins)', async () => {
    const { es } = fakeEs(DEFAULT_ES);
    const { ctx, specOf } = fakeContext(perturbedBetter, es);
    const population = await sample.run(ctx, 40);
    expect(population.every((member) => specOf.get(member.id)?.perturbation !== undefined)).toBe(true);
  });
});

describe('EoH+ES sameParent', () => {
  it('parentGroups: a direction\'s candidates and both halves of a mirrored pair form one group', () => {
    const { es } = fakeEs(DEFAULT_ES_EOH);
    const plan = planDirections(es, 10, 2); // 4 directions (an even count), candidate k on direction k mod 4
    expect(plan.owner).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
    expect(parentGroups(plan, true)).toEqual([0, 0, 1, 1, 0, 0, 1, 1, 0, 0]);
    expect(parentGroups(plan, false)).toEqual(plan.owner);
    const each = oneDirectionEach(es, 5);
    expect(parentGroups(each, true)).toEqual([0, 0, 1, 1, 2]);
  });

  /** The m1/m2 calls' candidates: noise seed and parent ids. */
  async function m1m2(params: EsParams) {
    const { es } = fakeEs(params);
    const { ctx, batches } = fakeContext((i) => 1000 - i, es);
    await eoh.run(ctx, 80);
    return batches.filter((b) => b[0].operator === 'm1' || b[0].operator === 'm2');
  }
  const parentsBySeed = (call: CandidateSpec[]) => {
    const bySeed = new Map<number, Set<string>>();
    for (const spec of call) {
      const key = spec.parents.map((p) => p.id).join();
      bySeed.set(spec.perturbation!.seed, (bySeed.get(spec.perturbation!.seed) ?? new Set()).add(key));
    }
    return [...bySeed.values()].map((s) => s.size);
  };

  it('on: every candidate of one noise seed has the same parent, with k per direction and with one each', async () => {
    for (const eohCandidatesPerDirection of [1, 5]) {
      const calls = await m1m2({ ...DEFAULT_ES_EOH, eohCandidatesPerDirection, sameParent: true });
      expect(calls).toHaveLength(4);
      for (const call of calls) expect(parentsBySeed(call).every((n) => n === 1)).toBe(true);
    }
  });

  it('off (the default): each candidate draws its own parent, so one seed sees several', async () => {
    const calls = await m1m2({ ...DEFAULT_ES_EOH, eohCandidatesPerDirection: 1 });
    expect(calls.some((call) => parentsBySeed(call).some((n) => n > 1))).toBe(true);
  });
});
