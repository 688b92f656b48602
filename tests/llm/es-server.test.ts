import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { centeredRanks, zScores } from '../../src/es/normalise.ts';
import { call, inProcessWeights, startFixtureServer } from './es-server-helpers.ts';

/** `ahd serve` (in process, tiny fixture): the reference model-server protocol, route by route. */
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let url: string;
const status = async () => (await call(url, '/es/status', {})).json;
const fingerprint = async () => (await status()).weights_fingerprint as string;
const complete = async (body: object) => (await call(url, '/completions', body)).json.content as string[];

beforeAll(async () => {
  server = await startFixtureServer();
  url = server.url;
});
afterAll(() => server.close());

describe('completions', () => {
  const params = { seed: 7, max_new_tokens: 12, temperature: 1 };

  test('the same seed gives the same text; repeat_prompt k uses seed + k', async () => {
    const [first] = await complete({ prompt: 'Write a heuristic.', params });
    expect(await complete({ prompt: 'Write a heuristic.', params })).toEqual([first]);
    const repeated = await complete({ prompt: 'Write a heuristic.', repeat_prompt: 2, params });
    expect(repeated[0]).toBe(first);
    expect(repeated[1]).toBe((await complete({ prompt: 'Write a heuristic.', params: { ...params, seed: 8 } }))[0]);
    expect(repeated[1]).not.toBe(first);
  });

  test('a list of prompts gives one text per prompt; top-level fields stand in for params', async () => {
    const content = await complete({ prompt: ['a', 'b'], params });
    expect(content).toHaveLength(2);
    expect(await complete({ prompt: 'a', seed: 7, max_tokens: 12, temperature: 1 })).toEqual([content[0]]);
  });

  test('chat completions: OpenAI-shaped, with usage, seeded', async () => {
    const body = { model: 'x', messages: [{ role: 'user', content: 'Write a heuristic.' }], seed: 3, max_tokens: 6, temperature: 1 };
    const { status: code, json } = await call(url, '/v1/chat/completions', body);
    expect(code).toBe(200);
    expect(json).toMatchObject({ object: 'chat.completion', model: 'tiny-lm', choices: [{ index: 0, message: { role: 'assistant' } }] });
    expect(['stop', 'length']).toContain(json.choices[0].finish_reason);
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens + json.usage.completion_tokens);
    expect(json.usage.completion_tokens).toBeLessThanOrEqual(6);
    expect((await call(url, '/v1/chat/completions', body)).json.choices[0].message.content).toBe(json.choices[0].message.content);
  });
});

describe('ES routes', () => {
  test('apply, revert, update and reset need /es/init first', async () => {
    for (const [path, body] of [['/es/apply', { seed: 1, sigma: 0.01 }], ['/es/update', { seeds: [1], rewards: [1], alpha: 1 }]] as const) {
      const { status: code, json } = await call(url, path, body);
      expect(code).toBe(409);
      expect(json).toEqual({ ok: false, error: 'ES is not initialised: POST /es/init first' });
    }
    expect(await status()).toMatchObject({ initialized: false, parameter_scope: null, n_tensors: 0 });
  });

  test('init reports the weights ES acts on; a second init resets', async () => {
    const { json } = await call(url, '/es/init', { parameter_scope: 'full' });
    expect(json).toEqual({ ok: true, parameter_scope: 'full', n_tensors: 15, total_params: 46880, previous_state_reset: null });
    await call(url, '/es/update', { seeds: [5], rewards: [1], alpha: 0.01, reward_normalization: 'none' });
    const again = await call(url, '/es/init', {});
    expect(again.json.previous_state_reset).toEqual({ ok: true, reverted_updates: 1, reverted_perturbation: null });
    const s = await status();
    expect(s).toMatchObject({ initialized: true, update_history: 0, active_perturbation: null, ahd_prompt_style: 'reference' });
    expect(s.weights_fingerprint).toBe(s.base_fingerprint);
  });

  test('apply changes the weights and the text; revert restores the exact fingerprint', async () => {
    const base = await fingerprint();
    const params = { seed: 4, max_new_tokens: 12, temperature: 1 };
    const [plain] = await complete({ prompt: 'p', params });
    expect((await call(url, '/es/apply', { seed: 123, sigma: 0.05 })).json).toEqual({ ok: true, seed: 123, sigma: 0.05, already_applied: false });
    expect(await fingerprint()).not.toBe(base);
    expect((await status()).active_perturbation).toEqual({ seed: 123, sigma: 0.05 });
    const [perturbed] = await complete({ prompt: 'p', params });
    expect(perturbed).not.toBe(plain);
    // A retried apply is a no-op; another perturbation, an update or a mismatched revert is refused.
    expect((await call(url, '/es/apply', { seed: 123, sigma: 0.05 })).json.already_applied).toBe(true);
    expect((await call(url, '/es/apply', { seed: 124, sigma: 0.05 })).status).toBe(409);
    const refused = await call(url, '/es/update', { seeds: [1, 2], rewards: [0, 1], alpha: 0.01 });
    expect(refused).toEqual({ status: 409, json: { ok: false, error: 'update refused while perturbation seed 123 is applied; revert it first' } });
    expect((await call(url, '/es/revert', { seed: 123, sigma: 0.04 })).status).toBe(409);
    expect((await call(url, '/es/revert', { seed: 123, sigma: 0.05 })).json.already_reverted).toBe(false);
    expect(await fingerprint()).toBe(base);
    expect(await complete({ prompt: 'p', params })).toEqual([plain]);
    expect((await call(url, '/es/revert', { seed: 123, sigma: 0.05 })).json.already_reverted).toBe(true);
  });

  test('updates replay: the weights equal an in-process WeightsEs given the same seeds, z and alpha', async () => {
    await call(url, '/es/reset', {});
    const local = inProcessWeights();
    expect(await fingerprint()).toBe(local.baseFingerprint);

    const seeds = [11, 22, 33, 44];
    const rewards = [-4, -5, -7, -8.25];
    const zscore = await call(url, '/es/update', { seeds, rewards, alpha: 0.01 });
    local.update(seeds, zScores(rewards), 0.01);
    expect(await fingerprint()).toBe(local.fingerprint());
    expect(zscore.json).toMatchObject({ ok: true, n: 4, alpha: 0.01, reward_mean: Math.fround(-6.0625), reward_best: -4 });
    expect(zscore.json.weight_norm).toBeCloseTo(2, 5); // z-scores of 4 values: norm sqrt(4)

    await call(url, '/es/update', { seeds: [7, 8, 9], rewards: [3, 1, 2], alpha: 0.02, reward_normalization: 'centered_rank' });
    local.update([7, 8, 9], centeredRanks([3, 1, 2]), 0.02);
    const z = [0.3, -1.25, 0.95];
    await call(url, '/es/update', { seeds: [5, 6, 7], rewards: z, alpha: 0.005, reward_normalization: 'none' });
    local.update([5, 6, 7], z, 0.005);
    expect(await fingerprint()).toBe(local.fingerprint());
    expect((await status()).update_history).toBe(3);

    const reset = await call(url, '/es/reset', {});
    expect(reset.json).toEqual({ ok: true, reverted_updates: 3, reverted_perturbation: null });
    expect(await fingerprint()).toBe(local.baseFingerprint);
  });
});

describe('bad requests', () => {
  test.each([
    ['a body that is not JSON', '/es/apply', '{seed: 1', 400, 'the request body is not JSON'],
    ['a missing field', '/es/apply', { sigma: 0.1 }, 400, /^seed: /],
    ['a negative sigma', '/es/revert', { seed: 1, sigma: -1 }, 400, /^sigma: /],
    ['a seed out of range', '/es/apply', { seed: 2 ** 31, sigma: 0.1 }, 400, /^seed: /],
    ['seeds and rewards of different lengths', '/es/update', { seeds: [1, 2], rewards: [1], alpha: 1 }, 400, /^rewards: seeds and rewards/],
    ['an empty update', '/es/update', { seeds: [], rewards: [], alpha: 1 }, 400, /^seeds: /],
    ['another ddof', '/es/update', { seeds: [1], rewards: [1], alpha: 1, reward_normalization_ddof: 1 }, 400, /only ddof 0/],
    ['another parameter scope', '/es/init', { parameter_scope: 'lora' }, 400, /only 'full'/],
    ['an empty prompt list', '/completions', { prompt: [] }, 400, /^prompt: /],
    ['streaming', '/v1/chat/completions', { messages: [{ role: 'user', content: 'x' }], stream: true }, 400, /streaming/],
    ['a sigma too large for exact restore', '/es/apply', { seed: 1, sigma: 1000 }, 400, /sigma 1000 is too large/],
    ['an unknown route', '/es/nothing', {}, 404, /^no route \/es\/nothing/],
  ])('%s: %d with {ok: false, error}', async (_, path, body, code, message) => {
    await call(url, '/es/init', {});
    const { status: got, json } = await call(url, path, body);
    expect(got).toBe(code);
    expect(json.ok).toBe(false);
    expect(json.error).toMatch(message);
    expect((await status()).active_perturbation).toBeNull();
  });

  test('a route takes POST (status also GET)', async () => {
    expect((await call(url, '/es/apply', undefined, 'GET')).status).toBe(405);
    expect((await call(url, '/es/status', undefined, 'GET')).json.ok).toBe(true);
  });

  test('one log line per request: method, path, status, time, and the error', () => {
    expect(server.lines.every((line) => /^ahd serve: (POST|GET) \/\S+ \d{3} \d+ ms/.test(line))).toBe(true);
    expect(server.lines.some((line) => line.includes('404') && line.endsWith('no route /es/nothing (serving /completions, /v1/chat/completions, /es/init, /es/apply, /es/revert, /es/update, /es/reset, /es/status)'))).toBe(true);
  });
});
