import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRunName, parseRunSpec, resolveRunSettings, runFlagsSchema, specFromRunConfig } from '../../src/api/run-spec.ts';
import type { RunConfig } from '../../src/engine/run-dir/index.ts';
import { parseOptions } from '../../src/ground/parse-options.ts';
import { esParamsKey } from '../../src/es/describe.ts';
import { DEFAULT_ES, DEFAULT_ES_EOH, REFERENCE_ES } from '../../src/es/optimizer.ts';
import { tempDir } from '../engine/helpers.ts';

const parse = (raw: Record<string, unknown>) => parseOptions(runFlagsSchema, raw);
const settings = (raw: Record<string, unknown>) => resolveRunSettings(parse({ model: '/m', ...raw }), new Date(Date.UTC(2025, 0, 2, 3, 4, 5)));
/** An existing folder standing for a run's model dir (the settings only check that a recorded path is there). */
const modelDir = tempDir('ahd-model-');

describe('ahd run flags', () => {
  it('applies the defaults: budget 1000, seed 2024, onnx, no ES, a timestamped run dir', () => {
    const s = settings({ problem: 'tsp50', scaffold: 'eoh' });
    expect(s).toMatchObject({ budget: 1000, seed: 2024, backend: 'onnx', source: '/m', resume: false, json: false });
    expect(s.es).toBeUndefined();
    expect(s.dir).toBe(join('runs', 'tsp50-eoh-b1000-s2024-20250102-030405'));
  });

  it("--es takes the scaffold's default ES settings, overridable", () => {
    expect(settings({ problem: 'tsp50', scaffold: 'eoh', es: true }).es).toEqual(DEFAULT_ES_EOH);
    expect(settings({ problem: 'tsp50', scaffold: 'sample', es: true }).es).toEqual(DEFAULT_ES);
    expect(settings({ problem: 'tsp50', scaffold: 'eoh', es: true, esPreset: 'default' }).es).toEqual(DEFAULT_ES_EOH);
    expect(settings({ problem: 'tsp50', scaffold: 'eoh', es: true, esPreset: 'reference' }).es).toEqual(REFERENCE_ES);
    expect(settings({ problem: 'tsp50', scaffold: 'eoh', es: true, esEohPerDirection: '1' }).es).toMatchObject({ alpha: 0.01, eohCandidatesPerDirection: 1 });
    expect(settings({ problem: 'tsp50', scaffold: 'eoh', es: true, alpha: '1e-3', sigmaSchedule: 'constant' }).es).toMatchObject({
      alpha: 1e-3,
      schedule: 'constant',
    });
  });

  it('sampling overrides go over the model defaults', () => {
    const s = settings({ problem: 'tsp50', scaffold: 'eoh', temperature: '0.7', maxNewTokens: '256' });
    expect(s.sampling({ temperature: 1, topP: 0.9, topK: 0, maxNewTokens: 768, stop: [] })).toEqual({
      temperature: 0.7,
      topP: 0.9,
      topK: 0,
      maxNewTokens: 256,
      stop: [],
    });
  });

  it.each([
    [{ budget: '10' }, '--budget: must be >= 20'],
    [{ budget: 'abc' }, '--budget:'],
    [{ scaffold: 'foo' }, '--scaffold: must be one of eoh, sample'],
    [{ llm: 'gpt' }, '--llm: must be one of onnx, openai, es-server'],
    [{ topP: '0' }, '--top-p: must be in (0, 1]'],
    [{ endpoint: ['not a url'] }, '--endpoint: must be a URL'],
  ])('refuses %j with a one-line usage error', (raw, message) => {
    expect(() => parse({ problem: 'tsp50', scaffold: 'eoh', ...raw })).toThrow(message);
  });

  it('needs --problem and --scaffold on a fresh run', () => {
    expect(() => settings({ scaffold: 'eoh' })).toThrow(/--problem is required/);
    expect(() => settings({ problem: 'tsp50' })).toThrow(/--scaffold is required/);
  });

  it('--resume needs --out and fills unset flags from config.json', () => {
    expect(() => settings({ resume: true })).toThrow(/--resume needs --out/);
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        problem: 'kp100',
        scaffold: 'sample',
        es: true,
        budget: 60,
        seed: 7,
        llm: { backend: 'onnx', source: modelDir, model: 'x', promptStyle: 'compact' },
        sampling: { temperature: 0.8, topP: 1, topK: 0, maxNewTokens: 300, stop: [] },
        esSettings: { ...DEFAULT_ES, alpha: 2e-3, baseFingerprint: 'abc' },
      }),
    );
    const s = resolveRunSettings(parse({ resume: true, out: dir }));
    expect(s).toMatchObject({ problem: 'kp100', scaffold: 'sample', budget: 60, seed: 7, source: modelDir, dir });
    expect(s.es?.alpha).toBe(2e-3);
    expect(s.sampling({ temperature: 1, topP: 1, topK: 0, maxNewTokens: 1, stop: [] }).maxNewTokens).toBe(300);
  });

  it('an EoH+ES run from before EoH shared directions resumes with one direction per candidate', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const esSettings = { ...DEFAULT_ES, baseFingerprint: 'abc' }; // no eohCandidatesPerDirection: one each
    const config = {
      problem: 'tsp50',
      scaffold: 'eoh',
      es: true,
      budget: 100,
      seed: 1,
      llm: { backend: 'onnx', source: modelDir, model: 'x', promptStyle: 'compact' },
      sampling: { temperature: 0.8, topP: 1, topK: 0, maxNewTokens: 300, stop: [] },
      esSettings,
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    expect(resolveRunSettings(parse({ resume: true, out: dir })).es).toEqual(DEFAULT_ES);
    const again = resolveRunSettings(parseRunSpec(specFromRunConfig(config as RunConfig))).es!;
    expect(esParamsKey(again)).toBe(esParamsKey(DEFAULT_ES));
  });

  it("a run's config.json read back as a spec resolves to the same settings, whatever the preset was", () => {
    const reference = { ...REFERENCE_ES, alpha: 2e-3, antithetic: true };
    for (const [backend, source, model, esSettings] of [
      ['onnx', '/models/x', 'x', { ...DEFAULT_ES, sigmaEnd: 0.01 }],
      ['es-server', 'http://a:1 http://b:2', 'es-server:x', reference],
    ] as const) {
      const config: RunConfig = {
        problem: 'kp100',
        scaffold: 'sample',
        es: true,
        budget: 40,
        seed: 7,
        llm: { backend, source, model, promptStyle: 'compact' },
        sampling: { temperature: 0.6, topP: 0.9, topK: 5, maxNewTokens: 300, stop: ['<end>'] },
        esSettings: { ...esSettings, baseFingerprint: 'f00d' },
      };
      const s = resolveRunSettings(parseRunSpec(specFromRunConfig(config)));
      expect(s).toMatchObject({ problem: 'kp100', scaffold: 'sample', budget: 40, seed: 7, backend, source });
      expect(s.es).toEqual(esSettings);
      expect(s.sampling({ temperature: 1, topP: 1, topK: 0, maxNewTokens: 1, stop: [] })).toEqual(config.sampling);
    }
  });

  it('names runs problem-scaffold[-es]-budget-seed-time', () => {
    expect(defaultRunName('kp100', 'sample', true, 2000, 3, new Date(Date.UTC(2024, 11, 31, 23, 59, 59)))).toBe(
      'kp100-sample-es-b2000-s3-20241231-235959',
    );
  });
});
