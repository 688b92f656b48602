import { normalise } from '../../es/normalise.ts';
import { NOISE_IDS } from '../../ground/noise-id.ts';

/**
 * The ES model-server protocol conformance suite: one scripted session against a server URL that checks field
 * names and types of every route, the ES state rules and their errors (apply while applied, update while
 * perturbed, mismatched revert, a step that is not finite), bad requests, reset and re-init. Any server ahd
 * drives (`ahd serve`, servers/ on torch, a vLLM front) must pass it; `ahd check-server` prints it.
 *
 * The session leaves the server as /es/init leaves it (base weights, nothing applied). `answers` collects the
 * protocol fields whose values depend only on the request, so two servers can be compared field by field.
 */
export type CheckOutcome = 'pass' | 'fail' | 'note';

export interface ConformanceCheck {
  readonly name: string;
  readonly outcome: CheckOutcome;
  readonly detail?: string;
}

export interface ConformanceReport {
  readonly url: string;
  readonly checks: readonly ConformanceCheck[];
  /** No check failed (notes are allowed: exactness a float16 server cannot give). */
  readonly passed: boolean;
  /** Request-determined protocol fields, keyed by step: equal on two conforming servers of the same model. */
  readonly answers: Readonly<Record<string, unknown>>;
}

export interface ConformanceOptions {
  /** Limit of one request (default 120 s: a generation on a busy CPU server). */
  readonly timeoutMs?: number;
  /** Sigma of the test perturbations (default 1e-3). */
  readonly sigma?: number;
}

interface Reply {
  readonly status: number;
  readonly json: any;
}

type FieldType = 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object' | 'null' | 'perturbation|null';

const UPDATE = { seeds: [101, 102, 103], rewards: [1, 0, -1], alpha: 1e-3 };

export async function checkEsServer(url: string, options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const base = url.replace(/\/+$/, '');
  const sigma = options.sigma ?? 1e-3;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const checks: ConformanceCheck[] = [];
  const answers: Record<string, unknown> = {};
  const check = (name: string, ok: boolean, detail?: string, soft = false) =>
    checks.push({ name, outcome: ok ? 'pass' : soft ? 'note' : 'fail', ...(ok || detail === undefined ? {} : { detail }) });

  const call = async (path: string, body: unknown, method = 'POST'): Promise<Reply> => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' }, signal: AbortSignal.timeout(timeoutMs) };
    if (method !== 'GET') init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };

  /** A 2xx answer with ok: true and these fields of these types. */
  const expectOk = (step: string, reply: Reply, fields: Readonly<Record<string, FieldType>>): boolean => {
    const problems = reply.status < 200 || reply.status > 299 ? [`HTTP ${reply.status}`] : [];
    if (!isObject(reply.json)) problems.push('answer is not a JSON object');
    else {
      if (reply.json.ok !== true) problems.push(`ok is ${JSON.stringify(reply.json.ok)}`);
      for (const [field, type] of Object.entries(fields)) {
        if (!hasType(reply.json[field], type)) problems.push(`${field} is ${JSON.stringify(reply.json[field])}, not ${type}`);
      }
    }
    check(`${step}: answer fields`, problems.length === 0, problems.join('; ') + errorText(reply));
    return problems.length === 0;
  };

  /** A refusal: a 4xx status (`status` when given) with {ok: false, error: <one line>}. */
  const expectError = (step: string, reply: Reply, status?: number) => {
    const problems: string[] = [];
    if (status !== undefined ? reply.status !== status : reply.status < 400 || reply.status > 499) {
      problems.push(`HTTP ${reply.status}, expected ${status ?? '4xx'}`);
    }
    if (!isObject(reply.json) || reply.json.ok !== false || typeof reply.json.error !== 'string' || reply.json.error.length === 0) {
      problems.push('answer is not {"ok": false, "error": "..."}');
    } else if (reply.json.error.includes('\n')) problems.push('error is not one line');
    check(`${step}: refused`, problems.length === 0, problems.join('; '));
    answers[`${step}.status`] = reply.status;
  };

  const status = async () => (await call('/es/status', {})).json;

  // init (twice: the second resets), status
  const first = await call('/es/init', { parameter_scope: 'full' });
  expectOk('init', first, { parameter_scope: 'string', n_tensors: 'integer', total_params: 'integer' });
  check('init: parameter_scope is full', first.json?.parameter_scope === 'full', `got ${JSON.stringify(first.json?.parameter_scope)}`);
  const init = await call('/es/init', { parameter_scope: 'full' });
  expectOk('init again', init, { n_tensors: 'integer', total_params: 'integer', previous_state_reset: 'object' });
  const previous = init.json?.previous_state_reset;
  check(
    'init again: previous_state_reset says nothing was undone',
    previous?.reverted_updates === 0 && previous?.reverted_perturbation === null,
    `got ${JSON.stringify(previous)}`,
  );
  answers.init = pick(init.json, ['parameter_scope', 'n_tensors', 'total_params']);

  const statusReply = await call('/es/status', {});
  expectOk('status', statusReply, {
    initialized: 'boolean',
    parameter_scope: 'string',
    n_tensors: 'integer',
    total_params: 'integer',
    update_history: 'integer',
    active_perturbation: 'perturbation|null',
  });
  const s0 = statusReply.json ?? {};
  check('status: initialised, nothing applied, no updates', s0.initialized === true && s0.active_perturbation === null && s0.update_history === 0,
    `got ${JSON.stringify(pick(s0, ['initialized', 'active_perturbation', 'update_history']))}`);
  check('status: sizes equal init\'s', s0.n_tensors === init.json?.n_tensors && s0.total_params === init.json?.total_params);
  answers.status = pick(s0, ['initialized', 'parameter_scope', 'n_tensors', 'total_params', 'update_history', 'active_perturbation']);
  // ahd's additions: needed by `ahd run --llm es-server` for fingerprints, noise, prompt style and defaults.
  const additions = ['model', 'weights_fingerprint', 'base_fingerprint', 'noise', 'ahd_prompt_style'].filter((f) => typeof s0[f] !== 'string');
  check('status: ahd additions (model, fingerprints, noise, prompt style, sampling defaults)',
    additions.length === 0 && isObject(s0.sampling_defaults), `missing: ${[...additions, ...(isObject(s0.sampling_defaults) ? [] : ['sampling_defaults'])].join(', ')}`, true);
  if (typeof s0.noise === 'string') check('status: noise is one ahd knows', (NOISE_IDS as readonly string[]).includes(s0.noise), `got ${s0.noise}`);
  const fingerprint = async () => (await status())?.weights_fingerprint as string | undefined;
  const basePrint = s0.weights_fingerprint as string | undefined;

  // generation: OpenAI-shaped chat completions, repeatable for a sampler seed; /completions
  const chatBody = { model: 'any', messages: [{ role: 'user', content: 'Write a function.' }], max_tokens: 8, temperature: 0.8, seed: 7 };
  const chat = await call('/v1/chat/completions', chatBody);
  const text = chat.json?.choices?.[0]?.message?.content;
  check('chat completion: choices[0].message.content is a string', chat.status === 200 && typeof text === 'string', `HTTP ${chat.status}${errorText(chat)}`);
  const again = await call('/v1/chat/completions', chatBody);
  check('chat completion: the same seed gives the same text', again.json?.choices?.[0]?.message?.content === text);
  const completions = await call('/completions', { prompt: 'Write a function.', repeat_prompt: 2, params: { max_new_tokens: 8, seed: 3 } });
  const content = completions.json?.content;
  check('completions: content holds repeat_prompt strings', Array.isArray(content) && content.length === 2 && content.every((c: unknown) => typeof c === 'string'),
    `HTTP ${completions.status}: ${JSON.stringify(completions.json)?.slice(0, 200)}`);

  // apply, apply again (no-op), apply another (refused), update while perturbed (refused), revert
  const perturbation = { seed: 11, sigma };
  const apply = await call('/es/apply', perturbation);
  expectOk('apply', apply, { seed: 'integer', sigma: 'number', already_applied: 'boolean' });
  answers.apply = pick(apply.json, ['seed', 'sigma', 'already_applied']);
  check('apply: already_applied false', apply.json?.already_applied === false);
  if (basePrint !== undefined) check('apply: the weights changed', (await fingerprint()) !== basePrint);
  const applyAgain = await call('/es/apply', perturbation);
  check('apply the same again: already_applied true', applyAgain.json?.ok === true && applyAgain.json?.already_applied === true);
  answers.applyAgain = pick(applyAgain.json, ['already_applied']);
  const applied = await status();
  check('status: active_perturbation is the applied one', applied?.active_perturbation?.seed === 11 && applied?.active_perturbation?.sigma === sigma,
    `got ${JSON.stringify(applied?.active_perturbation)}`);
  expectError('apply another while applied', await call('/es/apply', { seed: 12, sigma }), 409);
  expectError('update while perturbed', await call('/es/update', UPDATE), 409);
  expectError('revert a different perturbation', await call('/es/revert', { seed: 12, sigma }), 409);
  const revert = await call('/es/revert', perturbation);
  expectOk('revert', revert, { seed: 'integer', sigma: 'number', already_reverted: 'boolean' });
  check('revert: already_reverted false', revert.json?.already_reverted === false);
  answers.revert = pick(revert.json, ['seed', 'sigma', 'already_reverted']);
  if (basePrint !== undefined) {
    check('revert: the weights are back bit for bit', (await fingerprint()) === basePrint, 'fingerprint differs: in-place float arithmetic without a master copy is not exactly reversible', true);
  }
  const revertAgain = await call('/es/revert', perturbation);
  check('revert again: already_reverted true', revertAgain.json?.ok === true && revertAgain.json?.already_reverted === true);
  answers.revertAgain = pick(revertAgain.json, ['already_reverted']);

  // update: fields and values; a step that is not finite is refused with the weights untouched
  const update = await call('/es/update', UPDATE);
  expectOk('update', update, { n: 'integer', alpha: 'number', reward_mean: 'number', reward_best: 'number', weight_norm: 'number' });
  const z = normalise(UPDATE.rewards, 'zscore');
  const norm = Math.hypot(...z);
  check('update: n, alpha, reward_mean, reward_best, weight_norm (zscore of the rewards)',
    update.json?.n === 3 && update.json?.alpha === UPDATE.alpha && update.json?.reward_mean === 0 && update.json?.reward_best === 1 &&
      Math.abs(update.json?.weight_norm - norm) < 1e-5 * norm,
    `got ${JSON.stringify(pick(update.json, ['n', 'alpha', 'reward_mean', 'reward_best', 'weight_norm']))}, weight_norm expected ${norm}`);
  answers.update = { ...pick(update.json, ['n', 'alpha', 'reward_mean', 'reward_best']), weight_norm: round(update.json?.weight_norm) };
  const updated = await status();
  check('status: update_history counts the update', updated?.update_history === 1, `got ${updated?.update_history}`);
  const afterUpdate = updated?.weights_fingerprint as string | undefined;
  if (basePrint !== undefined) check('update: the weights changed', afterUpdate !== basePrint);
  expectError('update with a step that is not finite', await call('/es/update', { seeds: [1, 2], rewards: [1e308, -1e308], alpha: 1e308, reward_normalization: 'none' }));
  const refused = await status();
  check('refused update: update_history unchanged', refused?.update_history === 1, `got ${refused?.update_history}`);
  if (afterUpdate !== undefined) check('refused update: weights untouched', refused?.weights_fingerprint === afterUpdate);
  const probe = await call('/v1/chat/completions', chatBody);
  check('refused update: the model still answers', probe.status === 200 && typeof probe.json?.choices?.[0]?.message?.content === 'string');

  // bad requests
  expectError('bad JSON', await call('/es/apply', '{"seed": 1,'), 400);
  expectError('apply without sigma', await call('/es/apply', { seed: 1 }), 400);
  expectError('apply with a string seed', await call('/es/apply', { seed: 'one', sigma }), 400);
  expectError('apply with a negative sigma', await call('/es/apply', { seed: 1, sigma: -1 }), 400);
  expectError('update with seeds and rewards of different lengths', await call('/es/update', { seeds: [1, 2], rewards: [1], alpha: 1e-3 }), 400);
  expectError('update with an unknown normalisation', await call('/es/update', { ...UPDATE, reward_normalization: 'softmax' }), 400);
  expectError('unknown route', await call('/es/nothing', {}), 404);

  // reset: undoes the update; re-init: undoes an applied perturbation
  const reset = await call('/es/reset', {});
  expectOk('reset', reset, { reverted_updates: 'integer', reverted_perturbation: 'perturbation|null' });
  check('reset: reverted_updates 1, reverted_perturbation null', reset.json?.reverted_updates === 1 && reset.json?.reverted_perturbation === null,
    `got ${JSON.stringify(pick(reset.json, ['reverted_updates', 'reverted_perturbation']))}`);
  answers.reset = pick(reset.json, ['reverted_updates', 'reverted_perturbation']);
  const afterReset = await status();
  check('status after reset: no updates', afterReset?.update_history === 0 && afterReset?.active_perturbation === null);
  if (basePrint !== undefined) {
    check('reset: the base weights bit for bit', afterReset?.weights_fingerprint === basePrint, 'fingerprint differs (undoing updates in reverse rounds)', true);
  }
  await call('/es/apply', { seed: 21, sigma });
  const reinit = await call('/es/init', { parameter_scope: 'full' });
  expectOk('re-init with a perturbation applied', reinit, { previous_state_reset: 'object' });
  check('re-init: previous_state_reset names the perturbation it undid',
    reinit.json?.previous_state_reset?.reverted_perturbation?.seed === 21 && reinit.json?.previous_state_reset?.reverted_updates === 0,
    `got ${JSON.stringify(reinit.json?.previous_state_reset)}`);
  answers.reinit = pick(reinit.json?.previous_state_reset, ['reverted_updates', 'reverted_perturbation']);
  const end = await status();
  check('status after re-init: nothing applied', end?.active_perturbation === null && end?.update_history === 0);

  return { url: base, checks, passed: checks.every((c) => c.outcome !== 'fail'), answers };
}

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    case 'null':
      return value === null;
    case 'perturbation|null':
      return value === null || (isObject(value) && Number.isInteger(value.seed) && typeof value.sigma === 'number');
    default:
      return typeof value === type;
  }
}

function pick(value: unknown, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, isObject(value) ? value[f] : undefined]));
}

/** float32 arithmetic on the server: compare to 6 significant digits. */
const round = (x: unknown) => (typeof x === 'number' ? Number(x.toPrecision(6)) : x);

const errorText = (reply: Reply) => (isObject(reply.json) && typeof reply.json.error === 'string' ? `: ${reply.json.error}` : '');
