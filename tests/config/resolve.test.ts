import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/config/parse.ts';
import { resolveRunConfig } from '../../src/config/resolve.ts';
import { defaultRunName } from '../../src/config/run-name.ts';
import { readRunConfig } from '../../src/engine/run-dir/index.ts';
import { esParamsKey } from '../../src/es/describe.ts';
import { DEFAULT_ES, DEFAULT_ES_EOH, REFERENCE_ES } from '../../src/es/optimizer.ts';
import { tempDir } from '../engine/helpers.ts';
import { NOW, flagLayer, resolveFlags, resolveLibrary } from './helpers.ts';

/** An existing folder standing for a run's model dir (resume only checks that a recorded path is there). */
const modelDir = tempDir('ahd-model-');
const base = ['--problem', 'tsp50', '--model', '/m'];

/** A version-1 config.json (what every committed run has) in a fresh run dir. */
function v1RunDir(config: object): string {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

const v1 = {
  problem: 'kp100',
  scaffold: 'sample',
  es: true,
  budget: 60,
  seed: 7,
  llm: { backend: 'onnx', source: modelDir, model: 'x', promptStyle: 'compact' },
  sampling: { temperature: 0.8, topP: 1, topK: 0, maxNewTokens: 300, stop: [] },
  esSettings: { ...DEFAULT_ES, alpha: 2e-3, baseFingerprint: 'abc' },
};

describe('the run config merge', () => {
  it('applies the defaults table: budget 1000, seed 2024, onnx, no ES, a timestamped run dir', () => {
    const c = resolveFlags(...base, '--scaffold', 'eoh');
    expect(c).toMatchObject({ search: { scaffold: 'eoh', budget: 1000, seed: 2024 }, llm: { backend: 'onnx', model: '/m' }, io: { resume: false, json: false } });
    expect(c.es).toBeUndefined();
    expect(c.io.out).toBe(join('runs', 'tsp50-eoh-b1000-s2024-20250102-030405'));
  });

  it("--es takes the scaffold's and backend's default ES settings, overridable", () => {
    expect(resolveFlags(...base, '--scaffold', 'eoh', '--es').es).toEqual(DEFAULT_ES_EOH);
    expect(resolveFlags(...base, '--scaffold', 'sample', '--es').es).toEqual(DEFAULT_ES);
    expect(resolveFlags(...base, '--scaffold', 'eoh', '--es', '--es-preset', 'reference').es).toEqual(REFERENCE_ES);
    expect(resolveFlags('--problem', 'tsp50', '--scaffold', 'eoh', '--es', '--llm', 'es-server', '--endpoint', 'http://a:1').es).toEqual(REFERENCE_ES);
    expect(resolveFlags(...base, '--scaffold', 'eoh', '--es', '--es-eoh-per-direction', '1').es).toMatchObject({ alpha: 0.01, eohCandidatesPerDirection: 1 });
    expect(resolveFlags(...base, '--scaffold', 'eoh', '--es', '--alpha', '1e-3', '--sigma-schedule', 'constant', '--es-scope', 'full').es).toMatchObject({
      alpha: 1e-3,
      schedule: 'constant',
      scope: { parameterScope: 'full', sigmaScale: 'rms' },
    });
  });

  it('default-on switches have a --no- form; common random numbers are off unless asked', () => {
    const es = (...argv: string[]) => resolveFlags(...base, '--scaffold', 'sample', '--es', ...argv).es!;
    expect(es()).toMatchObject({ antithetic: true, commonRandomNumbers: false, skipZeroSigmaUpdate: true });
    expect(es('--no-es-antithetic', '--no-es-crn', '--no-es-skip-zero-sigma')).toMatchObject({ antithetic: false, commonRandomNumbers: false, skipZeroSigmaUpdate: false });
    expect(es('--es-crn')).toMatchObject({ commonRandomNumbers: true });
    expect(es('--es-crn', 'all')).toMatchObject({ commonRandomNumbers: true });
    expect(es('--es-crn', 'pairs')).toMatchObject({ commonRandomNumbers: 'pairs' });
    expect(() => es('--es-crn', 'some')).toThrow('--es-crn: must be all or pairs (or no value: all)');
    expect(es('--alpha-schedule', 'sigma')).toMatchObject({ alphaSchedule: 'sigma' });
    expect(es().alphaSchedule).toBeUndefined();
    expect(es('--es-preset', 'reference', '--es-antithetic')).toMatchObject({ antithetic: true, commonRandomNumbers: false });
  });

  it('the config file lies under the flags, and both over the defaults', () => {
    const file = { document: parseDocument({ problem: 'kp100', search: { scaffold: 'sample', budget: 40, seed: 3 }, sampling: { topP: 0.5 } }, { kind: 'file', path: 'run.yaml' }), source: { kind: 'file', path: 'run.yaml' } } as const;
    const c = resolveRunConfig([file, flagLayer('--seed', '9', '--top-k', '4')], { readStored: readRunConfig, now: NOW });
    expect(c).toMatchObject({ problem: 'kp100', search: { scaffold: 'sample', budget: 40, seed: 9 }, sampling: { topP: 0.5, topK: 4 } });
  });

  it('needs the problem and the scaffold on a fresh run, named as the source spells them', () => {
    expect(() => resolveFlags('--scaffold', 'eoh')).toThrow(/^--problem is required/);
    expect(() => resolveFlags('--problem', 'tsp50')).toThrow(/^--scaffold is required/);
    expect(() => resolveLibrary({ problem: 'tsp50' })).toThrow(/^search.scaffold is required/);
  });

  it('on resume the run\'s config.json (version 1 here) takes the defaults\' place', () => {
    expect(() => resolveFlags('--resume')).toThrow(/^--resume needs --out/);
    expect(() => resolveLibrary({ io: { resume: true } })).toThrow(/^io.resume needs io.out/);
    const dir = v1RunDir(v1);
    const c = resolveFlags('--resume', '--out', dir);
    expect(c).toMatchObject({ problem: 'kp100', search: { scaffold: 'sample', budget: 60, seed: 7 }, llm: { model: modelDir }, io: { out: dir, resume: true } });
    expect(c.es?.alpha).toBe(2e-3);
    expect(c.sampling.maxNewTokens).toBe(300);
  });

  it('an EoH+ES run from before EoH shared directions resumes with one direction per candidate', () => {
    const dir = v1RunDir({ ...v1, scaffold: 'eoh', esSettings: { ...DEFAULT_ES, baseFingerprint: 'abc' } });
    expect(resolveFlags('--resume', '--out', dir).es).toEqual(DEFAULT_ES);
  });

  it("a run's config.json given back as a config resolves to the same settings, whatever the preset was", () => {
    const reference = { ...REFERENCE_ES, alpha: 2e-3, antithetic: true };
    for (const [backend, source, model, es] of [
      ['onnx', '/models/x', 'x', { ...DEFAULT_ES, sigmaEnd: 0.01 }],
      ['es-server', 'http://a:1 http://b:2', 'es-server:x', reference],
    ] as const) {
      const dir = v1RunDir({ ...v1, budget: 40, llm: { backend, source, model, promptStyle: 'compact' }, sampling: { ...v1.sampling, stop: ['<end>'] }, esSettings: { ...es, baseFingerprint: 'f00d' } });
      const stored = readRunConfig(dir);
      const c = resolveLibrary(JSON.parse(JSON.stringify({ ...stored, version: undefined, recorded: undefined })));
      expect(c).toMatchObject({ problem: 'kp100', search: { scaffold: 'sample', budget: 40, seed: 7 }, llm: { backend } });
      expect(c.es).toEqual(es);
      expect(esParamsKey(c.es!)).toBe(esParamsKey(es));
      expect(c.sampling).toEqual(stored.sampling);
    }
  });

  it('--m2: free by default, numbers for EoH on the onnx backend only, each refusal in one line', () => {
    expect(resolveFlags(...base, '--scaffold', 'eoh').search.m2).toBe('free');
    expect(resolveFlags(...base, '--scaffold', 'eoh', '--m2', 'numbers').search.m2).toBe('numbers');
    expect(() => resolveFlags(...base, '--scaffold', 'sample', '--m2', 'numbers')).toThrow(/^--m2 numbers: m2 is an EoH operator \(sample has none\)$/);
    expect(() => resolveFlags('--problem', 'tsp50', '--scaffold', 'eoh', '--m2', 'numbers', '--llm', 'openai', '--endpoint', 'http://127.0.0.1:1/v1')).toThrow(
      /^--m2 numbers needs the onnx backend/,
    );
    expect(() => resolveFlags(...base, '--scaffold', 'eoh', '--m2', 'digits')).toThrow(/--m2.*must be one of free, numbers/);
    expect(resolveLibrary({ problem: 'kp100', search: { scaffold: 'eoh', m2: 'numbers' }, llm: { model: '/m' } }).search.m2).toBe('numbers');
  });

  it('names runs problem-scaffold[-es]-budget-seed-time', () => {
    expect(defaultRunName('kp100', 'sample', true, 2000, 3, new Date(Date.UTC(2024, 11, 31, 23, 59, 59)))).toBe('kp100-sample-es-b2000-s3-20241231-235959');
  });
});
