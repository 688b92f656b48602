import { describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { zScores } from '../../src/es/normalise.ts';
import { createEsStrategy, type EsState, REFERENCE_ES, SEED_LIMIT } from '../../src/es/optimizer.ts';

const meta = { generation: 3, operator: 'm1', sigma: 8e-4, engineCount: 2, generationConcurrency: 2, evaluationConcurrency: 4 };

describe('ES strategy', () => {
  it('has the reference defaults, frozen', () => {
    expect(REFERENCE_ES).toEqual({
      alpha: 5e-4,
      sigma0: 1e-3,
      sigmaEnd: 0,
      schedule: 'cosine',
      normalisation: 'zscore',
      scope: { parameterScope: 'full', sigmaScale: 'absolute' },
      antithetic: false,
      samplesPerDirection: 1,
      commonRandomNumbers: false,
      skipZeroSigmaUpdate: false,
    });
    expect(Object.isFrozen(REFERENCE_ES)).toBe(true);
    expect(createEsStrategy().params).toEqual(REFERENCE_ES);
  });

  it('draws direction seeds in [0, 2^31-1) from one stream per run seed', () => {
    const es = createEsStrategy();
    const { seeds } = es.ask(es.init(2024), 1000);
    expect(seeds.every((s) => Number.isInteger(s) && s >= 0 && s < SEED_LIMIT)).toBe(true);
    expect(new Set(seeds).size).toBe(1000);
    expect(es.ask(es.init(2024), 3).seeds).toEqual(seeds.slice(0, 3));
    expect(es.ask(es.init(2025), 3).seeds).not.toEqual(seeds.slice(0, 3));
  });

  it('antithetic: mirrored pairs from half the draws; an odd count ends with an unpaired direction', () => {
    const es = createEsStrategy({ antithetic: true });
    const plain = createEsStrategy();
    const asked = es.ask(es.init(3), 5);
    const [a, b, c] = plain.ask(plain.init(3), 3).seeds;
    expect(asked.seeds).toEqual([a, a, b, b, c]);
    expect(asked.signs).toEqual([1, -1, 1, -1, 1]);
    expect(asked.state.draws).toBe(3);
  });

  it('continues the same stream from a JSON round-tripped state (resume)', () => {
    const es = createEsStrategy();
    const first = es.ask(es.init(7), 4);
    const saved = JSON.parse(JSON.stringify(first.state)) as EsState;
    const resumed = es.ask(saved, 6);
    expect([...first.seeds, ...resumed.seeds]).toEqual(es.ask(es.init(7), 10).seeds);
    expect(resumed.state.draws).toBe(10);
  });

  it('tells z-scores and a history record with the reference fields', () => {
    const es = createEsStrategy({ alpha: 1e-3 });
    const { seeds, state } = es.ask(es.init(1), 3);
    const rewards = [2, 0, -1];
    const told = es.tell(state, seeds, rewards, meta);
    expect(told.z).toEqual(zScores(rewards));
    expect(told.state.updates).toBe(1);
    expect(told.record).toEqual({
      update_index: 0, generation: 3, operator: 'm1', seeds, rewards, alpha: 1e-3, sigma: 8e-4,
      sigma_start: 1e-3, sigma_end: 0, sigma_schedule: 'cosine', sigma_warmup_steps: 0,
      reward_normalization: 'zscore', reward_normalization_ddof: 0, reward_normalization_eps: 1e-8,
      invalid_reward_strategy: 'current', engine_count: 2, generation_concurrency: 2, evaluation_concurrency: 4,
      update_applied: true,
    });
    const next = es.tell(told.state, seeds, rewards, { ...meta, updateApplied: false, weightsFingerprint: 'abc' });
    expect(next.record.update_index).toBe(1);
    expect(next.record.update_applied).toBe(false);
    expect(next.record.weights_fingerprint).toBe('abc');
  });

  it('uses centered ranks when asked and the schedule for sigma', () => {
    const es = createEsStrategy({ normalisation: 'centered_rank', schedule: 'constant', sigma0: 2e-3 });
    const { seeds, state } = es.ask(es.init(1), 2);
    expect(es.tell(state, seeds, [5, 1], meta).z).toEqual([0.5, -0.5]);
    expect(es.sigma(10, 25)).toBe(2e-3);
    expect(createEsStrategy().sigma(24, 25)).toBe(0);
  });

  it("alpha follows sigma when asked: each record's alpha is alpha x sigma / sigma0, 0 at sigma 0", () => {
    const es = createEsStrategy({ alpha: 1e-3, alphaSchedule: 'sigma' });
    const { seeds, state } = es.ask(es.init(1), 2);
    expect(es.tell(state, seeds, [1, 0], meta).record.alpha).toBeCloseTo(1e-3 * (8e-4 / 1e-3), 15);
    expect(es.tell(state, seeds, [1, 0], { ...meta, sigma: 0 }).record.alpha).toBe(0);
    expect(createEsStrategy({ alpha: 1e-3, alphaSchedule: 'constant' }).tell(state, seeds, [1, 0], meta).record.alpha).toBe(1e-3);
    expect(() => createEsStrategy({ alphaSchedule: 'linear' as 'sigma' })).toThrow(/es.alphaSchedule must be constant or sigma/);
  });

  it('rejects bad parameters and mismatched lengths', () => {
    expect(() => createEsStrategy({ alpha: 0 })).toThrow(AhdError);
    expect(() => createEsStrategy({ sigma0: -1 })).toThrow(/es.sigma0 must be a non-negative number/);
    const es = createEsStrategy();
    expect(() => es.tell(es.init(1), [1, 2], [1], meta)).toThrow(/2 seeds but 1 rewards/);
  });
});
