import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/config/did-you-mean.ts';
import { parseDocument } from '../../src/config/parse.ts';
import { SETTINGS } from '../../src/config/settings.ts';
import { flagLayer, resolveFlags, resolveLibrary } from './helpers.ts';

const file = { kind: 'file', path: 'run.yaml' } as const;
const library = { kind: 'library' } as const;

describe('a run config is checked where it enters, and errors name the setting as its source spells it', () => {
  it.each([
    [['--budget', '10'], '--budget: must be an integer from 20 to 1000000'],
    [['--budget', '20.5'], '--budget: must be an integer from 20 to 1000000'],
    [['--budget', 'abc'], '--budget: must be a number'],
    [['--scaffold', 'foo'], '--scaffold: must be one of eoh, sample'],
    [['--llm', 'gpt'], '--llm: must be one of onnx, openai, es-server'],
    [['--top-p', '0'], '--top-p: must be in (0, 1]'],
    [['--endpoint', 'not a url'], '--endpoint: must be a URL'],
    [['--es-scope', 'most'], '--es-scope: must be one of full, linear, late'],
  ])('flags %j: %s', (argv, message) => {
    expect(() => flagLayer('--problem', 'tsp50', ...argv)).toThrow(message);
  });

  it('a file names itself and the field; the library names the setting path, never a flag', () => {
    expect(() => parseDocument({ search: { budget: 10 } }, file)).toThrow('run.yaml: search.budget: must be an integer from 20 to 1000000');
    expect(() => parseDocument({ es: { scope: { parameterScope: 'most' } } }, file)).toThrow('run.yaml: es.scope.parameterScope: must be one of full, linear, late');
    expect(() => parseDocument({ llm: { endpoint: ['x'] } }, file)).toThrow('run.yaml: llm.endpoint: must be a URL');
    expect(() => parseDocument({ search: { budget: '1000' } }, library)).toThrow(/^search.budget: must be a number$/);
    expect(() => parseDocument({ search: { budget: 10 } }, library)).toThrow(/^search.budget: must be an integer from 20 to 1000000$/);
    expect(() => parseDocument([], library)).toThrow(/^run config: must be an object$/);
  });

  it('names every unknown field, each with the setting it most likely meant, however many', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`extraSetting${i}`, i]));
    expect(() => parseDocument({ ...many, search: { budgett: 30 } }, file)).toThrow(/^run.yaml: unknown settings search.budgett \(did you mean search.budget\?\), extraSetting0, .*, extraSetting39$/);
    expect(() => parseDocument({ scaffold: 'eoh', esCrn: true, es: { sigma: 1 } }, file)).toThrow(
      'run.yaml: unknown settings es.sigma (did you mean es.sigma0?), scaffold (did you mean search.scaffold?), esCrn (did you mean es.commonRandomNumbers?)',
    );
  });

  it('"did you mean" reaches every setting by its path, its last part and its flag', () => {
    for (const s of SETTINGS) {
      expect(didYouMean(s.path)).toBe(s.path);
      expect(didYouMean(`${s.path}x`)).toBe(s.path);
    }
    expect(didYouMean('maxNewTokens')).toBe('sampling.maxNewTokens');
    expect(didYouMean('esSamples')).toBe('es.samplesPerDirection');
    expect(didYouMean('completelyDifferent')).toBeUndefined();
  });

  it('refuses ES settings while ES is off, naming each as given', () => {
    expect(() => resolveLibrary({ problem: 'tsp50', search: { scaffold: 'eoh' }, es: { alpha: 0.1, scope: { parameterScope: 'full' } } })).toThrow(
      /^es.alpha, es.scope.parameterScope: ES settings without ES \(add es.enabled: true, or leave them out\)$/,
    );
    expect(() => resolveLibrary({ problem: 'tsp50', search: { scaffold: 'eoh' }, es: { enabled: false, diagnostics: true } })).toThrow(/^es.diagnostics: ES settings without ES/);
    expect(resolveLibrary({ problem: 'tsp50', search: { scaffold: 'eoh' }, es: { enabled: true, alpha: 0.1 } }).es?.alpha).toBe(0.1);
  });

  it('refuses ES on a backend with frozen weights, naming the setting as given', () => {
    const openai = { backend: 'openai', endpoint: ['http://127.0.0.1:1/v1'], model: 'm' };
    expect(() => resolveLibrary({ problem: 'tsp50', search: { scaffold: 'eoh' }, es: { enabled: true }, llm: openai })).toThrow(
      /^es.enabled needs a backend that can perturb weights \(onnx, es-server\); "openai" serves frozen weights$/,
    );
    expect(() => resolveFlags('--problem', 'tsp50', '--scaffold', 'eoh', '--es', '--llm', 'openai')).toThrow(/^--es needs a backend that can perturb weights/);
  });
});
