import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { chatCompletionsUrl, createOpenAiModel, type OpenAiOptions } from '../../src/llm/openai.ts';
import type { GenerateRequest } from '../../src/llm/types.ts';

/** A real HTTP server on 127.0.0.1 whose handler the test supplies; it records every request and peak concurrency. */
interface Recorded {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Record<string, unknown>;
  readonly at: number;
}
interface TestServer {
  readonly baseUrl: string;
  readonly requests: Recorded[];
  maxInFlight: number;
  close(): Promise<void>;
}
type Handler = (req: Recorded, res: ServerResponse, index: number) => void | Promise<void>;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function startServer(handler: Handler): Promise<TestServer> {
  const state = { requests: [] as Recorded[], maxInFlight: 0 };
  let inFlight = 0;
  const server = createServer(async (req, res) => {
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const recorded = { url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as Record<string, unknown>, at: Date.now() };
    state.requests.push(recorded);
    await handler(recorded, res, state.requests.length - 1);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

function completion(text: string, usage = { prompt_tokens: 11, completion_tokens: 7 }, finish = 'stop') {
  return JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }], usage });
}
const reply = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
};

const REQUEST: GenerateRequest = {
  messages: [{ role: 'user', content: 'Write a heuristic.' }],
  sampling: { temperature: 0.7, topP: 0.9, topK: 0, maxNewTokens: 100, stop: ['</code>'] },
  seed: 42,
};
const fast = (server: TestServer, extra: Partial<OpenAiOptions> = {}) =>
  createOpenAiModel({ baseUrl: server.baseUrl, model: 'test-model', retryBaseDelayMs: 5, retryMaxDelayMs: 20, ...extra });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('openai backend', () => {
  it('posts a chat completion with the sampling mapped and returns the text', async () => {
    const server = await startServer((_, res) => reply(res, 200, completion('{Nearest.} function f() {}', undefined, 'length')));
    const model = fast(server);
    const generation = await model.generate(REQUEST);
    expect(generation).toMatchObject({ text: '{Nearest.} function f() {}', promptTokens: 11, completionTokens: 7, finishReason: 'length' });
    expect(server.requests[0].url).toBe('/v1/chat/completions');
    expect(server.requests[0].body).toEqual({
      model: 'test-model',
      messages: [{ role: 'user', content: 'Write a heuristic.' }],
      temperature: 0.7,
      top_p: 0.9,
      max_tokens: 100,
      seed: 42,
      stream: false,
      stop: ['</code>'],
    });
    expect(model).toMatchObject({ name: 'openai:test-model', promptStyle: 'reference', parallelism: 4 });
    expect(model.es).toBeUndefined();
    expect(model.defaults).toMatchObject({ temperature: 1, topP: 0.98, maxNewTokens: 768 });
    await model.close();
  });

  it('sends the API key from the named environment variable, and none when it is unset', async () => {
    const server = await startServer((_, res) => reply(res, 200, completion('ok')));
    process.env.AHD_TEST_KEY = 'sk-test-123';
    try {
      await fast(server, { apiKeyEnv: 'AHD_TEST_KEY' }).generate(REQUEST);
      await fast(server, { apiKeyEnv: 'AHD_TEST_KEY_UNSET' }).generate(REQUEST);
    } finally {
      delete process.env.AHD_TEST_KEY;
    }
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-test-123');
    expect(server.requests[1].headers.authorization).toBeUndefined();
  });

  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    const server = await startServer((_, res, i) =>
      i === 0 ? reply(res, 429, JSON.stringify({ error: { message: 'slow down' } }), { 'retry-after': '1' }) : reply(res, 200, completion('fine')),
    );
    const retries: Array<{ delayMs: number; reason: string }> = [];
    const model = fast(server, { onRetry: (event) => retries.push(event) });
    expect((await model.generate(REQUEST)).text).toBe('fine');
    expect(retries).toEqual([expect.objectContaining({ retry: 1, delayMs: 1000, reason: 'HTTP 429: slow down' })]);
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(900);
  });

  it('gives up after maxRetries server errors with a one-line llm error', async () => {
    const server = await startServer((_, res) => reply(res, 500, 'upstream exploded\nstack trace'));
    const error = await rejection(fast(server, { maxRetries: 2 }).generate(REQUEST));
    expect(error).toBeInstanceOf(AhdError);
    expect((error as AhdError).code).toBe('llm');
    expect((error as AhdError).message).toMatch(/^openai: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions failed after 3 attempt\(s\): HTTP 500: upstream exploded stack trace$/);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a client error such as 401', async () => {
    const server = await startServer((_, res) => reply(res, 401, JSON.stringify({ error: { message: 'bad key' } })));
    const error = (await rejection(fast(server).generate(REQUEST))) as AhdError;
    expect(error.code).toBe('llm');
    expect(error.message).toContain('HTTP 401: bad key');
    expect(server.requests).toHaveLength(1);
  });

  it('times out a request that never answers, retrying before giving up', async () => {
    const server = await startServer(() => undefined); // never replies
    const error = (await rejection(fast(server, { timeoutMs: 150, maxRetries: 1 }).generate(REQUEST))) as AhdError;
    expect(error.code).toBe('llm');
    expect(error.message).toMatch(/failed after 2 attempt\(s\): timed out after 150 ms$/);
    expect(server.requests).toHaveLength(2);
  });

  it('retries network errors (connection refused)', async () => {
    const server = await startServer(() => undefined);
    const { baseUrl } = server;
    await server.close();
    const retries: string[] = [];
    const error = (await rejection(
      createOpenAiModel({ baseUrl, model: 'm', maxRetries: 1, retryBaseDelayMs: 1, onRetry: (e) => retries.push(e.reason) }).generate(REQUEST),
    )) as AhdError;
    expect(error.message).toMatch(/network error \(ECONNREFUSED\)$/);
    expect(retries).toEqual(['network error (ECONNREFUSED)']);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const server = await startServer(async (_, res) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      reply(res, 200, completion('x'));
    });
    const model = fast(server, { concurrency: 3 });
    await Promise.all(Array.from({ length: 10 }, () => model.generate(REQUEST)));
    expect(server.requests).toHaveLength(10);
    expect(server.maxInFlight).toBe(3);
    expect(model.parallelism).toBe(3);
  });

  it('counts token usage over all requests', async () => {
    const server = await startServer((_, res, i) => reply(res, 200, completion('x', { prompt_tokens: 10 + i, completion_tokens: 100 })));
    const model = fast(server);
    await Promise.all([model.generate(REQUEST), model.generate(REQUEST), model.generate(REQUEST)]);
    expect(model.usage()).toEqual({ requests: 3, promptTokens: 33, completionTokens: 300 });
  });

  it('reports a malformed JSON body clearly, without retrying', async () => {
    const server = await startServer((_, res) => reply(res, 200, '{"choices": [ truncated'));
    const error = (await rejection(fast(server).generate(REQUEST))) as AhdError;
    expect(error.code).toBe('llm');
    expect(error.message).toMatch(/returned a body that is not JSON: \{"choices": \[ truncated$/);
    expect(server.requests).toHaveLength(1);
  });

  it('reports JSON without a message as a missing choices[0].message.content', async () => {
    const server = await startServer((_, res) => reply(res, 200, JSON.stringify({ object: 'error' })));
    const error = (await rejection(fast(server).generate(REQUEST))) as AhdError;
    expect(error.message).toMatch(/^openai: response from .* has no choices\[0\]\.message\.content$/);
  });

  it('refuses a perturbation: ES needs onnx or es-server', async () => {
    const server = await startServer((_, res) => reply(res, 200, completion('x')));
    const error = (await rejection(fast(server).generate({ ...REQUEST, perturbation: { seed: 1, sigma: 1e-3 } }))) as AhdError;
    expect(error.code).toBe('usage');
    expect(error.message).toContain('onnx, es-server');
    expect(server.requests).toHaveLength(0);
  });

  it('aborts via the request signal: in flight, and while waiting for a slot', async () => {
    const server = await startServer(() => undefined);
    const model = fast(server, { concurrency: 1 });
    const controller = new AbortController();
    const first = model.generate({ ...REQUEST, signal: controller.signal });
    const second = model.generate({ ...REQUEST, signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(((await rejection(first)) as Error).name).toBe('AbortError');
    expect(((await rejection(second)) as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
  });

  it('close() ends requests in flight with an llm error and refuses new ones', async () => {
    const server = await startServer(() => undefined);
    const model = fast(server);
    const pending = model.generate(REQUEST);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await model.close();
    expect(((await rejection(pending)) as AhdError).message).toBe('openai: client closed');
    expect(((await rejection(model.generate(REQUEST))) as AhdError).code).toBe('llm');
  });
});

describe('chatCompletionsUrl', () => {
  it.each([
    ['http://host:8000', 'http://host:8000/v1/chat/completions'],
    ['http://host:8000/', 'http://host:8000/v1/chat/completions'],
    ['http://host:8000/v1', 'http://host:8000/v1/chat/completions'],
    ['http://host:8000/v1//', 'http://host:8000/v1/chat/completions'],
    ['http://host:8000/v1/chat/completions', 'http://host:8000/v1/chat/completions'],
    ['http://host:8000/v1/completions', 'http://host:8000/v1/chat/completions'],
    ['https://api.example.com/openai/v1/', 'https://api.example.com/openai/v1/chat/completions'],
  ])('%s -> %s', (base, url) => expect(chatCompletionsUrl(base)).toBe(url));

  it('rejects what is not an http(s) URL as a usage error', () => {
    expect(() => chatCompletionsUrl('localhost:8000')).toThrow(/must be http\(s\)/);
    expect(() => chatCompletionsUrl('not a url')).toThrow(/is not a URL/);
  });

  it('validates numeric options', () => {
    expect(() => createOpenAiModel({ baseUrl: 'http://h', model: 'm', concurrency: 0 })).toThrow('openai concurrency must be a positive integer, got 0');
    expect(() => createOpenAiModel({ baseUrl: 'http://h', model: ' ' })).toThrow('openai model name is empty');
  });
});
