import { describe, expect, it } from 'vitest';
import { describeEs, esParamsKey } from '../../src/es/describe.ts';
import { DEFAULT_ES, REFERENCE_ES } from '../../src/es/optimizer.ts';

describe('ES settings as text and as a key', () => {
  it('says what the reference settings are', () => {
    expect(describeEs(REFERENCE_ES)).toBe(
      'alpha 0.0005, sigma 0.001 -> 0 (cosine), absolute, scope full, z-scores, independent directions, 1 sample per direction, an update at sigma 0',
    );
  });

  it('names every lever that differs from the reference', () => {
    const text = describeEs({ ...DEFAULT_ES, commonRandomNumbers: true, eohCandidatesPerDirection: 5 });
    expect(text).toContain("of each tensor's RMS");
    expect(text).toContain('centered ranks, antithetic pairs, 5 samples per direction (common random numbers), EoH 5 candidates per direction, no update at sigma 0');
  });

  it("leaves out the other scaffold's lever when told the scaffold", () => {
    const both = { ...DEFAULT_ES, commonRandomNumbers: true, eohCandidatesPerDirection: 5 };
    expect(describeEs(both, 'eoh')).toContain('antithetic pairs, EoH 5 candidates per direction, no update');
    expect(describeEs(both, 'sample')).toContain('5 samples per direction (common random numbers), no update');
    expect(describeEs(DEFAULT_ES, 'sample')).toContain('5 samples per direction, no update');
    expect(describeEs({ ...DEFAULT_ES, commonRandomNumbers: 'pairs' }, 'sample')).toContain('5 samples per direction (common random numbers within mirrored pairs), no');
  });

  it('leaves out what an older config.json does not record', () => {
    const { scope: _, samplesPerDirection: __, antithetic: ___, ...older } = REFERENCE_ES;
    expect(describeEs(older as typeof REFERENCE_ES)).toBe('alpha 0.0005, sigma 0.001 -> 0 (cosine), z-scores, an update at sigma 0');
  });

  it('keys equal settings equally, whatever the fingerprint and key order', () => {
    const reordered = Object.fromEntries(Object.entries(DEFAULT_ES).reverse()) as typeof DEFAULT_ES;
    expect(esParamsKey({ ...reordered, baseFingerprint: 'a' })).toBe(esParamsKey({ ...DEFAULT_ES, baseFingerprint: 'b' }));
    expect(esParamsKey(DEFAULT_ES)).not.toBe(esParamsKey({ ...DEFAULT_ES, scope: { ...DEFAULT_ES.scope, parameterScope: 'linear' } }));
  });

  it('keys an alpha schedule absent and constant alike, sigma apart, and says it', () => {
    expect(esParamsKey({ ...DEFAULT_ES, alphaSchedule: 'constant' })).toBe(esParamsKey(DEFAULT_ES));
    expect(esParamsKey({ ...DEFAULT_ES, alphaSchedule: 'sigma' })).not.toBe(esParamsKey(DEFAULT_ES));
    expect(describeEs({ ...DEFAULT_ES, alphaSchedule: 'sigma' })).toMatch(/^alpha 0.05 x sigma \/ sigma0, sigma 0.1 -> 0/);
  });

  it("keys a scaffold's runs without the other scaffold's parameters", () => {
    const crn = { ...DEFAULT_ES, commonRandomNumbers: true, samplesPerDirection: 1 };
    expect(esParamsKey(crn, 'eoh')).toBe(esParamsKey(DEFAULT_ES, 'eoh'));
    expect(esParamsKey(crn, 'sample')).not.toBe(esParamsKey(DEFAULT_ES, 'sample'));
    expect(esParamsKey(crn)).not.toBe(esParamsKey(DEFAULT_ES));
    const perDirection = { ...DEFAULT_ES, eohCandidatesPerDirection: 3 };
    expect(esParamsKey(perDirection, 'sample')).toBe(esParamsKey(DEFAULT_ES, 'sample'));
    expect(esParamsKey(perDirection, 'eoh')).not.toBe(esParamsKey(DEFAULT_ES, 'eoh'));
  });

  it('keys sample rewards absent and objective alike, rank apart (for Sample only), and says it', () => {
    expect(esParamsKey({ ...DEFAULT_ES, sampleReward: 'objective' }, 'sample')).toBe(esParamsKey(DEFAULT_ES, 'sample'));
    expect(esParamsKey({ ...DEFAULT_ES, sampleReward: 'rank' }, 'sample')).not.toBe(esParamsKey(DEFAULT_ES, 'sample'));
    expect(esParamsKey({ ...DEFAULT_ES, sampleReward: 'rank' }, 'eoh')).toBe(esParamsKey(DEFAULT_ES, 'eoh'));
    expect(describeEs({ ...DEFAULT_ES, sampleReward: 'rank' }, 'sample')).toContain('5 samples per direction, rewards ranked in each batch');
    expect(describeEs({ ...DEFAULT_ES, sampleReward: 'rank' }, 'eoh')).not.toContain('ranked');
  });

  it('keys EoH candidates per direction absent and 1 alike, and other counts apart', () => {
    expect(esParamsKey({ ...DEFAULT_ES, eohCandidatesPerDirection: 1 })).toBe(esParamsKey(DEFAULT_ES));
    expect(esParamsKey({ ...DEFAULT_ES, eohCandidatesPerDirection: 5 })).not.toBe(esParamsKey(DEFAULT_ES));
  });

  it('keys the ES arm, the reward and one parent per seed apart only where they change the run, and says them', () => {
    const key = (extra: object, scaffold: string) => esParamsKey({ ...DEFAULT_ES, ...extra }, scaffold);
    expect(key({ mode: 'full' }, 'eoh')).toBe(key({}, 'eoh'));
    expect(key({ mode: 'noise-only' }, 'eoh')).not.toBe(key({ mode: 'update-only' }, 'eoh'));
    expect(key({ reward: 'improvement' }, 'eoh')).toBe(key({}, 'eoh'));
    expect(key({ reward: 'rank' }, 'sample')).toBe(key({ sampleReward: 'rank' }, 'sample'));
    expect(key({ reward: 'max' }, 'sample')).not.toBe(key({}, 'sample'));
    expect(key({ reward: 'max', rewardQuantile: 0.3 }, 'eoh')).toBe(key({ reward: 'max' }, 'eoh'));
    expect(key({ reward: 'exceed-quantile', rewardQuantile: 0.3 }, 'eoh')).not.toBe(key({ reward: 'exceed-quantile' }, 'eoh'));
    expect(key({ sameParent: true }, 'sample')).toBe(key({}, 'sample'));
    expect(key({ sameParent: true }, 'eoh')).not.toBe(key({}, 'eoh'));
    const text = describeEs({ ...DEFAULT_ES, mode: 'noise-only', reward: 'exceed-quantile', sameParent: true }, 'eoh');
    expect(text).toContain("rewards: exceedance over the run's quantile 0.1, one parent per noise seed, control: noise only");
  });
});
