import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { appendRecord, createHistory, type EsHistory } from '../../src/es/history.ts';
import { createEsStrategy } from '../../src/es/optimizer.ts';
import { replayHistory } from '../../src/es/replay.ts';
import { improvementRewards } from '../../src/es/rewards.ts';
import type { WeightLayout } from '../../src/es/types.ts';
import { WeightsEs } from '../../src/es/weights-es.ts';

const layout: WeightLayout = {
  tensors: [
    { name: 'embed', offset: 0, length: 6000, dims: [60, 100] },
    { name: 'norm', offset: 6000, length: 100, dims: [100] },
    { name: 'bias', offset: 6100, length: 50, dims: [50] },
  ],
  totalLength: 6150,
};

function baseWeights(): Float32Array {
  const rng = createRng('base');
  return Float32Array.from({ length: layout.totalLength }, (_, i) =>
    i < 6000 ? (rng.next() - 0.5) * 0.1 : i < 6100 ? 1 + (rng.next() - 0.5) * 0.2 : 0,
  );
}

/** A live EoH+ES run in miniature: two replicas, directions spread over them, perturb -> generate -> restore. */
function liveRun(runSeed: number, generations: number, opts: { noiseOnlyAt?: number } = {}) {
  const replicas = [0, 1].map(() => new WeightsEs(baseWeights(), layout));
  const strategy = createEsStrategy();
  const fake = createRng('rewards');
  let state = strategy.init(runSeed);
  let history = createHistory(runSeed, replicas[0].identity());
  for (let g = 0; g < generations; g++) {
    const sigma = strategy.sigma(g, generations);
    for (const operator of ['m1', 'm2']) {
      const asked = strategy.ask(state, 5);
      asked.seeds.forEach((seed, i) => {
        const replica = replicas[i % 2];
        replica.perturb(seed, sigma);
        replica.restore(seed, sigma); // a generation would run in between
      });
      const children = asked.seeds.map(() => ({ parent: 10, child: fake.next() < 0.2 ? Infinity : 8 + 4 * fake.next() }));
      const updateApplied = g !== opts.noiseOnlyAt;
      const told = strategy.tell(asked.state, asked.seeds, improvementRewards(children, 13), {
        generation: g, operator, sigma, engineCount: 2, generationConcurrency: 2, evaluationConcurrency: 4, updateApplied,
      });
      if (updateApplied) for (const r of replicas) r.update(asked.seeds, told.z, strategy.params.alpha);
      history = appendRecord(history, { ...told.record, weights_fingerprint: replicas[0].fingerprint() });
      state = told.state;
    }
  }
  return { replicas, history, state };
}

describe('replayHistory', () => {
  it('rebuilds the live weights bit for bit from the base weights and the updates alone', () => {
    const live = liveRun(2024, 4, { noiseOnlyAt: 1 });
    expect(live.replicas[0].weights).toEqual(live.replicas[1].weights);
    const weights = baseWeights();
    const history = JSON.parse(JSON.stringify(live.history)) as EsHistory; // as read from disk
    const result = replayHistory(weights, layout, history, { runSeed: 2024 });
    expect(weights).toEqual(live.replicas[0].weights);
    expect(result).toMatchObject({ applied: 6, skipped: 2, fingerprint: live.replicas[0].fingerprint() });
    expect(result.state).toEqual(live.state);
  });

  it('refuses another run seed, a broken seed stream, another model and diverging rewards', () => {
    const { history } = liveRun(7, 2);
    expect(() => replayHistory(baseWeights(), layout, history, { runSeed: 8 })).toThrow(/run seed 7, not 8/);

    const badSeed = structuredClone(history);
    badSeed.records[2].seeds[1] += 1;
    expect(() => replayHistory(baseWeights(), layout, badSeed, { runSeed: 7 })).toThrow(/records\.2\.seeds\[1\]/);

    const other = baseWeights();
    other[5] += 0.01;
    expect(() => replayHistory(other, layout, history, { runSeed: 7, source: 'models/other' })).toThrow(
      /base_fingerprint .* in models\/other/,
    );

    const badReward = structuredClone(history);
    badReward.records[1].rewards[0] += 0.5;
    expect(() => replayHistory(baseWeights(), layout, badReward, { runSeed: 7 })).toThrow(/diverged .* records\.1/);

    // A history made on a torch ES server: its noise is not ahd's, so in-process replay would build another model.
    const torch = { ...structuredClone(history), noise: 'torch' as const, weights: 'in-place' as const };
    const weights = baseWeights();
    expect(() => replayHistory(weights, layout, torch, { runSeed: 7 })).toThrow(/made with torch noise/);
    expect(weights).toEqual(baseWeights());
  });
});
