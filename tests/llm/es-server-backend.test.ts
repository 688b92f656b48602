import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zScores } from '../../src/es/normalise.ts';
import { createEsServerModel, endpointBase } from '../../src/llm/es-server/client.ts';
import { loadOnnxModel } from '../../src/llm/onnx/index.ts';
import type { GenerateRequest, LanguageModel } from '../../src/llm/types.ts';
import { readEventObjects, tempDir } from '../engine/helpers.ts';
import { call, fixtureEsRun, startFixtureServer } from './es-server-helpers.ts';
import { FIXTURE, request } from './onnx-helpers.ts';

/**
 * The es-server backend against two in-process `ahd serve` servers, compared with the onnx backend in process:
 * same texts, same weights after the same updates. The fixture copy uses the compact prompt style (the tiny
 * model's context is too short for the reference prompts), which the backend must learn from /es/status.
 */
let modelDir: string;
let servers: Awaited<ReturnType<typeof startFixtureServer>>[];
let remote: LanguageModel;
let local: LanguageModel;

beforeAll(async () => {
  modelDir = join(tempDir('ahd-es-server-'), 'model');
  cpSync(FIXTURE, modelDir, { recursive: true });
  const config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8'));
  writeFileSync(join(modelDir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact' }));
  servers = await Promise.all([startFixtureServer(modelDir), startFixtureServer(modelDir)]);
  remote = await createEsServerModel({ endpoints: servers.map((s) => `${s.url}/completions`) });
  local = await loadOnnxModel(modelDir, { replicas: 2 });
});
afterAll(async () => {
  await Promise.all([remote?.close(), local?.close(), ...(servers ?? []).map((s) => s.close())]);
});

const texts = (model: LanguageModel, requests: GenerateRequest[]) => Promise.all(requests.map((r) => model.generate(r).then((g) => g.text)));
const applies = (i: number) => servers[i].lines.filter((line) => line.includes('/es/apply')).length;

describe('endpoints', () => {
  test('base URLs: a trailing completions path or slash is dropped', () => {
    expect(endpointBase('http://h:1/')).toBe('http://h:1');
    expect(endpointBase('http://h:1/completions')).toBe('http://h:1');
    expect(endpointBase('https://h/x/v1/chat/completions/')).toBe('https://h/x');
  });

  test.each([
    [[], 'es-server needs at least one endpoint'],
    [['ftp://h'], 'es-server endpoint must be http(s), got "ftp://h"'],
    [['http://h:1', 'http://h:1/completions'], 'es-server endpoint http://h:1 is named twice'],
  ])('%j is a usage error', async (endpoints, message) => {
    await expect(createEsServerModel({ endpoints })).rejects.toMatchObject({ code: 'usage', message });
  });
});

describe('the es-server backend', () => {
  test('takes name, prompt style, sampling defaults and size from the servers', async () => {
    expect(remote).toMatchObject({ name: 'es-server:tiny-lm', promptStyle: 'compact', parallelism: 2, defaults: local.defaults });
    expect(remote.es!.size).toEqual(local.es!.size);
    expect(await remote.es!.fingerprint()).toBe(await local.es!.fingerprint());
  });

  test('plain and perturbed generations give the in-process texts; every endpoint ends unperturbed', async () => {
    const requests = [request(1), request(2), request(1, { perturbation: { seed: 77, sigma: 0.05 } }), request(2, { perturbation: { seed: 78, sigma: 0.05 } })];
    const got = await texts(remote, requests);
    expect(got).toEqual(await texts(local, requests));
    expect(got[2]).not.toBe(got[0]);
    expect(applies(0)).toBeGreaterThan(0);
    expect(applies(1)).toBeGreaterThan(0);
    for (const server of servers) expect((await call(server.url, '/es/status')).json.active_perturbation).toBeNull();
  });

  test('a run-like sequence (perturbed batches, z-scored updates) leaves the weights the in-process backend has', async () => {
    for (const [batch, sigma] of [0.05, 0.03, 0.01].entries()) {
      const seeds = [0, 1, 2, 3, 4].map((d) => 1000 * (batch + 1) + d);
      const requests = seeds.map((seed, d) => request(d, { perturbation: { seed, sigma } }));
      const got = await texts(remote, requests);
      expect(got).toEqual(await texts(local, requests));
      const z = zScores(got.map((text) => text.length + text.charCodeAt(0) / 1000));
      await Promise.all([remote.es!.update(seeds, z, 0.01), local.es!.update(seeds, z, 0.01)]);
      expect(await remote.es!.fingerprint()).toBe(await local.es!.fingerprint());
    }
    const prints = await Promise.all(servers.map(async (s) => (await call(s.url, '/es/status')).json.weights_fingerprint));
    expect(prints[0]).toBe(prints[1]);
    expect((await call(servers[0].url, '/es/status')).json.update_history).toBe(3);
  });

  test('an update is refused while a perturbed generation is in flight', async () => {
    const long = { ...request(0).sampling, maxNewTokens: 60 };
    const pending = remote.generate(request(3, { perturbation: { seed: 5, sigma: 0.01 }, sampling: long }));
    await new Promise((r) => setTimeout(r, 5));
    await expect(remote.es!.update([1], [1], 0.01)).rejects.toThrow('weight update refused: a perturbed generation is in progress');
    await pending;
  });

  test('an aborted perturbed generation is reverted on its server', async () => {
    const before = await remote.es!.fingerprint();
    const controller = new AbortController();
    const long = { ...request(0).sampling, maxNewTokens: 100 };
    // Abort the moment the perturbation is applied (a timer raced the tiny model, which can finish in 15 ms).
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith('/es/apply')) controller.abort();
      return response;
    };
    try {
      const pending = remote.generate(request(2, { signal: controller.signal, perturbation: { seed: 9, sigma: 0.05 }, sampling: long }));
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(await remote.es!.fingerprint()).toBe(before);
    for (const server of servers) expect((await call(server.url, '/es/status')).json.active_perturbation).toBeNull();
  });

  test('a new client starts from the base weights: /es/init resets used servers', async () => {
    const fresh = await createEsServerModel({ endpoints: servers.map((s) => s.url) });
    const base = (await call(servers[0].url, '/es/status')).json.base_fingerprint;
    expect(await fresh.es!.fingerprint()).toBe(base);
    await fresh.close();
  });
});

describe('ahd run through es-server', () => {
  test('Sample+ES gives the in-process run: same answers, same history, same weights', async () => {
    const run = async (open: () => Promise<LanguageModel>, backend: string) => {
      const model = await open();
      const dir = await fixtureEsRun(model, backend);
      await model.close();
      const history = JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
      const answers = readEventObjects(dir)
        .filter((e) => e.type === 'generation')
        .sort((a, b) => a.index - b.index || a.attempt - b.attempt) // logged in completion order
        .map((e) => [e.index, e.attempt, e.perturbation, e.text]);
      return { history, answers };
    };
    const viaServers = await run(() => createEsServerModel({ endpoints: servers.map((s) => s.url) }), 'es-server');
    const inProcess = await run(() => loadOnnxModel(modelDir, { replicas: 2 }), 'onnx');
    expect(viaServers.answers.length).toBeGreaterThanOrEqual(20); // parse failures are asked again
    expect(viaServers.answers).toEqual(inProcess.answers);
    // The protocol's /es/update answers the weights' norm, not the step's: only the in-process run records step_norm.
    const withoutStepNorm = (h: { records: { stats?: { step_norm?: number } }[] }) => ({
      ...h,
      records: h.records.map((r) => ({ ...r, stats: r.stats && { ...r.stats, step_norm: undefined } })),
    });
    expect(viaServers.history.records[0].stats.step_norm).toBeUndefined();
    expect(inProcess.history.records[0].stats.step_norm).toBeGreaterThanOrEqual(0);
    expect(withoutStepNorm(viaServers.history)).toEqual(withoutStepNorm(inProcess.history));
    expect(viaServers.history.records[0].weights_fingerprint).toBe((await call(servers[1].url, '/es/status')).json.weights_fingerprint);
  });
});
