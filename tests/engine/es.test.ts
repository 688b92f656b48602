import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ES, REFERENCE_ES } from '../../src/es/optimizer.ts';
import { negativeObjectiveRewards, sampleRankRewards } from '../../src/es/rewards.ts';
import type { EvalRequest } from '../../src/sandbox/types.ts';
import { ScriptedModel, nativeEvaluator } from './doubles.ts';
import { readEventObjects, runTest, tempDir } from './helpers.ts';

/**
 * The order in which the model answered, the evaluator was called and the weights moved: 'p' perturbed answer,
 * 'g' plain, 'e' eval, 'u' update.
 */
function tracing(es: boolean) {
  const trace: string[] = [];
  const model = new ScriptedModel({ es });
  if (model.es) {
    const update = model.es.update.bind(model.es);
    model.es.update = async (...args) => {
      trace.push('u');
      return update(...args);
    };
  }
  const generate = model.generate.bind(model);
  model.generate = async (request) => {
    const generation = await generate(request);
    trace.push(request.perturbation ? 'p' : 'g');
    return generation;
  };
  const inner = nativeEvaluator();
  const evaluator = {
    evaluate: (request: EvalRequest, signal?: AbortSignal) => {
      trace.push('e');
      return inner.evaluate(request, signal);
    },
  };
  return { trace, model, evaluator };
}

/** Maximal runs of perturbed answers in the trace, evaluations aside (they start as each answer lands): one per update. */
const perturbedBlocks = (trace: string[]) => trace.filter((t) => t !== 'e').join('').match(/p+/g)?.length ?? 0;
/** Some evaluation started before the last perturbed answer of its batch: evaluation overlaps generation. */
const evaluatesWhileGenerating = (trace: string[]) => /pe+p/.test(trace.join(''));

describe('EoH+ES wiring', () => {
  it('perturbs only m1/m2 directions, one update per call, sigma shared within a generation', async () => {
    const dir = tempDir();
    const { trace, model, evaluator } = tracing(true);
    await runTest({ scaffold: 'eoh', budget: 80, es: true, dir, model, evaluator });
    const events = readEventObjects(dir);
    const generations = events.filter((e) => e.type === 'generation');
    for (const g of generations) expect(g.perturbation !== undefined).toBe(g.operator === 'm1' || g.operator === 'm2');

    const updates = events.filter((e) => e.type === 'update');
    expect(updates.map((u) => [u.generation, u.operator])).toEqual([
      [0, 'm1'],
      [0, 'm2'],
      [1, 'm1'],
      [1, 'm2'],
    ]);
    // Cosine over T = 2 generations: sigma0 then 0; the last generation still updates.
    expect(updates.map((u) => u.sigma)).toEqual([1e-3, 1e-3, 0, 0]);
    expect(model.es?.updates).toBe(4);
    for (const u of updates) expect(u.seeds.length).toBe(10);

    // Each direction has its own seed and the candidate's perturbation is that seed at the update's sigma.
    // Answers are logged as they complete (concurrently), so order them by candidate index first.
    const m1 = generations
      .filter((g) => g.operator === 'm1' && g.attempt === 0)
      .sort((a, b) => a.index - b.index)
      .slice(0, 10);
    expect(m1.map((g) => g.perturbation.seed)).toEqual(updates[0].seeds);
    expect(new Set(updates.flatMap((u) => u.seeds)).size).toBe(40);

    // No plain answer between the perturbed answers of one operator call; each is evaluated as soon as it lands.
    expect(perturbedBlocks(trace)).toBe(4);
    expect(evaluatesWhileGenerating(trace)).toBe(true);

    const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
    expect(history.records.map((r: { update_index: number }) => r.update_index)).toEqual([0, 1, 2, 3]);
    expect(history.records[3].rewards).toEqual(updates[3].rewards);
    expect(history.records[3].weights_fingerprint).toBe(await model.es?.fingerprint());
  });

  it('improvement rewards: a child that beats its parent earns P - C, an invalid one at most 1 below', async () => {
    const dir = tempDir();
    await runTest({ scaffold: 'eoh', budget: 40, es: true, dir });
    const events = readEventObjects(dir);
    const outcome = new Map(events.filter((e) => e.type === 'outcome').map((e) => [e.index, e.outcome]));
    const update = events.find((e) => e.type === 'update' && e.operator === 'm1') as Record<string, any>;
    // Logged in completion order: the update's rewards follow the candidates' order.
    const directions = events.filter((e) => e.type === 'generation' && e.operator === 'm1' && e.attempt === 0).sort((a, b) => a.index - b.index);
    const parentObjective = new Map(
      events.filter((e) => e.type === 'outcome' && e.outcome.status === 'ok').map((e) => [e.index, e.outcome.objective]),
    );
    directions.forEach((d, i) => {
      const child = outcome.get(d.index);
      const parent = parentObjective.get(d.parents[0]) as number;
      if (child.status === 'ok' && child.objective <= parent) expect(update.rewards[i]).toBeCloseTo(parent - child.objective, 12);
      if (child.status !== 'ok') expect(update.rewards[i]).toBeGreaterThanOrEqual(-1);
    });
  });

  it('ES diagnostics record each update\'s differ share and change nothing else', async () => {
    const plain = tempDir();
    const measured = tempDir();
    await runTest({ scaffold: 'sample', budget: 40, es: true, dir: plain });
    await runTest({ scaffold: 'sample', budget: 40, es: true, dir: measured, esDiagnostics: true });
    const history = (dir: string) => JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')).records as { stats: Record<string, unknown> }[];
    const without = (records: { stats: Record<string, unknown> }[]) => records.map(({ stats, ...r }) => ({ ...r, stats: { ...stats, differ_share: undefined } }));
    expect(without(history(measured))).toEqual(without(history(plain)));
    // The scripted model mixes the perturbation into its answers: perturbed answers differ from their twins.
    for (const r of history(measured)) expect(r.stats.differ_share).toBeGreaterThan(0);
    expect(history(plain).every((r) => r.stats.differ_share === undefined)).toBe(true);
  });

  it('plain EoH perturbs nothing and never updates', async () => {
    const dir = tempDir();
    await runTest({ scaffold: 'eoh', budget: 40, dir });
    const events = readEventObjects(dir);
    expect(events.some((e) => e.type === 'update' || e.perturbation)).toBe(false);
  });
});

/** The objectives of a Sample run's second batch of 20 (candidates 20-39), invalid as Infinity, from its event log. */
function secondBatchObjectives(events: ReturnType<typeof readEventObjects>): number[] {
  const outcome = new Map(events.filter((e) => e.type === 'outcome').map((e) => [e.index, e.outcome]));
  return Array.from({ length: 20 }, (_, i) => {
    const o = outcome.get(20 + i);
    return o.status === 'ok' ? o.objective : Infinity;
  });
}

describe('Sample+ES wiring', () => {
  it('perturbs every batch of 20, one update per batch with negative-objective rewards', async () => {
    const dir = tempDir();
    const { trace, model, evaluator } = tracing(true);
    await runTest({ scaffold: 'sample', budget: 60, es: true, dir, model, evaluator });
    const events = readEventObjects(dir);
    const updates = events.filter((e) => e.type === 'update');
    expect(updates.map((u) => u.generation)).toEqual([0, 1, 2]);
    const sigmas = updates.map((u) => u.sigma);
    [1e-3, 5e-4, 0].forEach((sigma, b) => expect(sigmas[b]).toBeCloseTo(sigma, 15));
    expect(updates.every((u) => u.operator === 'i1' && u.seeds.length === 20)).toBe(true);
    expect(events.filter((e) => e.type === 'generation').every((g) => g.perturbation)).toBe(true);
    expect(perturbedBlocks(trace)).toBe(3);
    expect(evaluatesWhileGenerating(trace)).toBe(true);
    expect(model.es?.updates).toBe(3);

    const objectives = secondBatchObjectives(events);
    expect(updates[1].rewards).toEqual(negativeObjectiveRewards(objectives));
  });

  it('with sampleReward rank, each candidate is rewarded by its rank in the batch', async () => {
    const dir = tempDir();
    const { model, evaluator } = tracing(true);
    await runTest({ scaffold: 'sample', budget: 40, es: true, esParams: { ...REFERENCE_ES, sampleReward: 'rank' }, dir, model, evaluator });
    const events = readEventObjects(dir);
    const objectives = secondBatchObjectives(events);
    const update = events.filter((e) => e.type === 'update')[1];
    expect(update.rewards).toEqual(sampleRankRewards(objectives));
    expect(update.rewards).not.toEqual(negativeObjectiveRewards(objectives));
  });
});

describe('Sample+ES alpha schedule', () => {
  it("alpha x sigma / sigma0: the model's update gets each update's alpha, and the log and history record it", async () => {
    const dir = tempDir();
    const model = new ScriptedModel({ es: true });
    const applied: number[] = [];
    const update = model.es!.update.bind(model.es);
    model.es!.update = async (seeds, z, alpha) => {
      applied.push(alpha);
      return update(seeds, z, alpha);
    };
    await runTest({ scaffold: 'sample', budget: 60, es: true, esParams: { ...DEFAULT_ES, alphaSchedule: 'sigma' }, dir, model });
    const updates = readEventObjects(dir).filter((e) => e.type === 'update');
    expect(updates.map((u) => u.sigma)).toEqual([0.1, 0.05, 0].map((s) => expect.closeTo(s, 12)));
    expect(updates.map((u) => u.alpha)).toEqual([0.05, 0.025, 0].map((a) => expect.closeTo(a, 12)));
    expect(applied).toEqual([0.05, 0.025].map((a) => expect.closeTo(a, 12)));
    const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')).records as Array<{ alpha: number }>;
    expect(history.map((r) => r.alpha)).toEqual(updates.map((u) => u.alpha));
  });
});

describe('Sample+ES sampler seeds (common random numbers)', () => {
  /** Per batch of 20: how many sampler seeds are distinct, and whether candidates of one noise seed share them. */
  const seedsOf = async (commonRandomNumbers: boolean | 'pairs') => {
    const dir = tempDir();
    await runTest({ scaffold: 'sample', budget: 20, es: true, esParams: { ...DEFAULT_ES, commonRandomNumbers }, dir, model: new ScriptedModel({ es: true }) });
    const generations = readEventObjects(dir).filter((e) => e.type === 'generation' && e.attempt === 0);
    const byNoise = new Map<number, Set<number>[]>();
    for (const g of generations) {
      const signs = byNoise.get(g.perturbation.seed) ?? [new Set(), new Set()];
      signs[g.perturbation.sigma > 0 ? 0 : 1].add(g.seed);
      byNoise.set(g.perturbation.seed, signs);
    }
    const halvesShare = [...byNoise.values()].every(([plus, minus]) => [...plus].every((s) => minus.has(s)));
    return { distinct: new Set(generations.map((g) => g.seed)).size, halvesShare };
  };

  it('all directions share sample j\'s seed (5 of 20 distinct), pairs only within a mirrored pair (10), off none (20)', async () => {
    expect(await seedsOf(true)).toEqual({ distinct: 5, halvesShare: true });
    expect(await seedsOf('pairs')).toEqual({ distinct: 10, halvesShare: true });
    expect(await seedsOf(false)).toEqual({ distinct: 20, halvesShare: false });
  });
});

describe('history.json samples_per_direction', () => {
  it('says how many candidates each direction had: 5 in Sample+ES with the defaults, absent (1) in EoH+ES', async () => {
    const records = async (scaffold: 'eoh' | 'sample') => {
      const dir = tempDir();
      await runTest({ scaffold, budget: 40, es: true, esParams: DEFAULT_ES, dir, model: new ScriptedModel({ es: true }) });
      return JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')).records as Array<Record<string, unknown>>;
    };
    const sample = await records('sample');
    expect(sample.map((r) => [r.samples_per_direction, (r.seeds as number[]).length])).toEqual([[5, 4], [5, 4]]);
    const eoh = await records('eoh');
    expect(eoh.length).toBeGreaterThan(0);
    expect(eoh.every((r) => r.samples_per_direction === undefined)).toBe(true);
  });

  it('EoH+ES with k candidates per direction: fewer directions, each shared by k candidates, rewards averaged', async () => {
    const dir = tempDir();
    const esParams = { ...DEFAULT_ES, eohCandidatesPerDirection: 2 };
    await runTest({ scaffold: 'eoh', budget: 40, es: true, esParams, dir, model: new ScriptedModel({ es: true }) });
    const events = readEventObjects(dir);
    const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
    const update = events.find((e) => e.type === 'update')!;
    const record = history.records[0];
    // The first m1 call's n candidates at 2 per direction: floor(n / 2) directions rounded down to an even count
    // (antithetic pairs), candidate k sampling direction k mod d.
    const first = events
      .filter((e) => e.type === 'generation' && e.operator === 'm1' && e.attempt === 0 && record.seeds.includes(e.perturbation.seed))
      .sort((a, b) => a.index - b.index);
    const n = first.length;
    const d = Math.max(2, Math.floor(n / 2) - (Math.floor(n / 2) % 2));
    expect(record).toMatchObject({ operator: 'm1', samples_per_direction: 2 });
    expect(n).toBeGreaterThanOrEqual(4);
    expect(record.seeds).toHaveLength(d);
    expect(record.signs).toEqual(Array.from({ length: d }, (_, i) => (i % 2 ? -1 : 1)));
    first.forEach((g, k) => {
      expect(g.perturbation.seed).toBe(record.seeds[k % d]);
      expect(Math.sign(g.perturbation.sigma)).toBe(record.signs[k % d]);
    });
    expect(update.rewards).toHaveLength(d);
  });
});
