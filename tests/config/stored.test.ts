import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/config/parse.ts';
import { checkStoredConfig, esParamsOf, llmSource, storedConfig, storedDocument, type StoredRunConfig } from '../../src/config/stored.ts';
import { describeEs } from '../../src/es/describe.ts';
import { DEFAULT_ES } from '../../src/es/optimizer.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const RESULTS = join(ROOT, 'benchmarks', 'results');

/**
 * Every committed run's config.json, however it is kept: a file in a run directory, or an entry of a study's
 * archive (*.zip). The converter sees parsed JSON only, whatever the bytes came from.
 */
function committedConfigs(dir = RESULTS): { name: string; value: unknown }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return committedConfigs(path);
    if (entry.name === 'config.json') return [{ name: relative(ROOT, path), value: JSON.parse(readFileSync(path, 'utf8')) }];
    if (!entry.name.endsWith('.zip')) return [];
    const files = unzipSync(readFileSync(path), { filter: (f) => f.name.endsWith('/config.json') || f.name === 'config.json' });
    return Object.entries(files).map(([name, bytes]) => ({ name: `${relative(ROOT, path)}:${name}`, value: JSON.parse(strFromU8(bytes)) }));
  });
}

const read = (value: unknown): StoredRunConfig => {
  const config = checkStoredConfig(value);
  if (typeof config === 'string') throw new Error(config);
  return config;
};

describe('config.json versions', () => {
  const committed = committedConfigs();
  // Runs before config.json version 2 have no version field; a study run since writes version 2.
  const version1 = committed.filter(({ value }) => (value as { version?: unknown }).version === undefined);

  it('finds the committed runs', () => {
    expect(version1.length).toBeGreaterThan(400);
  });

  it('reads every committed version-2 config.json as written', () => {
    for (const { name, value } of committed.filter((c) => !version1.includes(c))) {
      expect(read(value), name).toEqual(value);
      expect(() => parseDocument(storedDocument(read(value)), { kind: 'file', path: name }), name).not.toThrow();
    }
  });

  it('reads every committed (version 1) config.json as version 2, keeping every fact and ES parameter', () => {
    for (const { name, value } of version1) {
      const v1 = value as Record<string, any>;
      const config = read(value);
      const context = `${name}`;
      expect(config.version, context).toBe(2);
      expect(config.problem, context).toBe(v1.problem);
      expect(config.recorded.problemSource, context).toBe(v1.problemSource);
      expect(config.search, context).toEqual({ scaffold: v1.scaffold, budget: v1.budget, seed: v1.seed });
      expect(config.es.enabled, context).toBe(v1.es);
      expect(llmSource(config), context).toBe(v1.llm.source);
      expect(config.recorded, context).toEqual(JSON.parse(JSON.stringify({ problemSource: v1.problemSource, model: v1.llm.model, promptStyle: v1.llm.promptStyle, baseFingerprint: v1.esSettings?.baseFingerprint })));
      expect(config.sampling, context).toEqual(v1.sampling);
      if (v1.esSettings) {
        const { baseFingerprint: _, ...params } = v1.esSettings;
        expect(esParamsOf(config.es), context).toEqual(params);
        // The table's ES column reads the same as before.
        expect(describeEs(esParamsOf(config.es)!, config.search.scaffold), context).toBe(describeEs(v1.esSettings, v1.scaffold));
      }
      // Read again as written now (version 2), and as a run config (ahd run --config <run>/config.json).
      expect(read(JSON.parse(JSON.stringify(config))), context).toEqual(config);
      expect(() => parseDocument(storedDocument(config), { kind: 'file', path: name }), context).not.toThrow();
    }
  });

  it('version 2 is what a run writes, read back as written', () => {
    const config = storedConfig({
      problem: 'online-bpp',
      problemSource: 'file:///p/index.js',
      scaffold: 'eoh',
      budget: 20,
      seed: 1,
      es: true,
      esParams: DEFAULT_ES,
      llm: { backend: 'openai', source: 'http://127.0.0.1:8000/v1' },
      modelName: 'openai:m',
      promptStyle: 'reference',
      sampling: { temperature: 1, topP: 1, topK: 0, maxNewTokens: 10, stop: ['x'] },
      baseFingerprint: 'f00d',
    });
    expect(config.llm).toEqual({ backend: 'openai', model: 'm', endpoint: ['http://127.0.0.1:8000/v1'] });
    expect(read(JSON.parse(JSON.stringify(config)))).toEqual(config);
  });

  it('records m2 only where it is numbers, and reads it back', () => {
    const facts = {
      problem: 'kp100',
      scaffold: 'eoh',
      budget: 20,
      seed: 1,
      es: false,
      llm: { backend: 'onnx', source: '/m' },
      modelName: 'm',
      promptStyle: 'compact',
      sampling: { temperature: 1, topP: 1, topK: 0, maxNewTokens: 10, stop: [] },
    };
    expect(storedConfig({ ...facts, m2: 'free' }).search).toEqual({ scaffold: 'eoh', budget: 20, seed: 1 });
    const numbers = storedConfig({ ...facts, m2: 'numbers' });
    expect(numbers.search).toEqual({ scaffold: 'eoh', budget: 20, seed: 1, m2: 'numbers' });
    expect(read(JSON.parse(JSON.stringify(numbers)))).toEqual(numbers);
  });

  it('names what is wrong with a config.json', () => {
    expect(checkStoredConfig({ version: 3 })).toMatch(/^version: 3 is not one this ahd reads/);
    expect(checkStoredConfig({ problem: 'tsp50' })).toMatch(/^not an ahd run config \(scaffold: /);
    const config = read(committed[0].value);
    expect(checkStoredConfig({ ...config, search: { ...config.search, budget: 'x' } })).toMatch(/search.budget: must be a number/);
    expect(checkStoredConfig({ ...config, es: { ...config.es, sigma: 1 } })).toMatch(/not an ahd run config/);
  });
});
