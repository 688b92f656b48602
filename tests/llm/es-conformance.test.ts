import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { differingAnswers } from '../../src/llm/es-server/compare-answers.ts';
import { createEsServerModel } from '../../src/llm/es-server/client.ts';
import { checkEsServer, type ConformanceReport } from '../../src/llm/es-server/conformance.ts';
import { startFixtureServer } from './es-server-helpers.ts';

/** The protocol conformance suite against `ahd serve`, and the client against a server of the reference's shape. */
let server: Awaited<ReturnType<typeof startFixtureServer>>;
let report: ConformanceReport;

beforeAll(async () => {
  server = await startFixtureServer();
  report = await checkEsServer(server.url);
});
afterAll(() => server.close());

describe('conformance suite', () => {
  test('ahd serve passes every check, exactness included', () => {
    const failed = report.checks.filter((c) => c.outcome !== 'pass');
    expect(failed).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.checks.length).toBeGreaterThan(40);
  });

  test('answers hold the request-determined fields, and the same server agrees with itself', async () => {
    expect(report.answers.update).toEqual({ n: 3, alpha: 1e-3, reward_mean: 0, reward_best: 1, weight_norm: 1.73205 });
    expect(report.answers['update with a step that is not finite.status']).toBe(400);
    expect(differingAnswers(report, await checkEsServer(server.url))).toEqual([]);
  });

  test('a server that breaks the protocol fails, with the check named', async () => {
    // A test double that accepts everything: right shapes for init and status, but no refusals.
    const lax = await listen((path) => (path === '/es/init' ? { ok: true, parameter_scope: 'full', n_tensors: 1, total_params: 1, previous_state_reset: null } : { ok: true }));
    try {
      const result = await checkEsServer(lax.url);
      expect(result.passed).toBe(false);
      const failed = result.checks.filter((c) => c.outcome === 'fail').map((c) => c.name);
      expect(failed).toContain('update while perturbed: refused');
      expect(failed).toContain('bad JSON: refused');
    } finally {
      lax.server.close();
    }
  });
});

describe('ahd check-server', () => {
  const ahd = (...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(process.execPath, ['bin/ahd.js', 'check-server', ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('close', (status) => done({ status, stdout, stderr }));
    });

  test('prints every check and passes on ahd serve; an unreachable server is a one-line error', async () => {
    const ok = await ahd(server.url);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+: passed\n  pass  init: answer fields\n/);
    const gone = await ahd('http://127.0.0.1:59999');
    expect(gone.status).toBe(1);
    expect(gone.stderr).toMatch(/^ahd: check-server: http:\/\/127\.0\.0\.1:59999: cannot complete the session \(ECONNREFUSED\)\n$/);
  });

  test('a server that fails a check exits 1, with or without --json', async () => {
    const lax = await listen((path) => (path === '/es/init' ? { ok: true, parameter_scope: 'full', n_tensors: 1, total_params: 1, previous_state_reset: null } : { ok: true }));
    try {
      const text = await ahd(lax.url);
      expect(text.stdout).toMatch(/: FAILED\n/);
      expect({ status: text.status, stderr: text.stderr }).toEqual({ status: 1, stderr: 'ahd: check-server: 1 of 1 server(s) failed a check (listed above)\n' });
      const json = await ahd(lax.url, '--json');
      expect(json.status).toBe(1);
      expect(JSON.parse(json.stdout).servers[0].passed).toBe(false);
    } finally {
      lax.server.close();
    }
  });
});

describe('the client and a server of the reference shape (no ahd additions in /es/status)', () => {
  test('takes it for torch noise and unreported fingerprints, and accepts two such servers', async () => {
    const reference = (path: string) =>
      path === '/es/init'
        ? { ok: true, parameter_scope: 'full', n_tensors: 2, total_params: 10, previous_state_reset: null }
        : { ok: true, initialized: true, parameter_scope: 'full', n_tensors: 2, total_params: 10, update_history: 0, active_perturbation: null };
    const [a, b] = await Promise.all([listen(reference), listen(reference)]);
    try {
      const model = await createEsServerModel({ endpoints: [a.url, b.url] });
      expect(model.es?.noise).toBe('torch');
      expect(model.name).toBe('es-server:reference-es-server');
      expect(model.promptStyle).toBe('reference');
      expect(await model.es?.fingerprint()).toBe('unreported');
      await model.close();
    } finally {
      a.server.close();
      b.server.close();
    }
  });

  test('refuses to mix servers that draw different noise, and a noise it does not know', async () => {
    const status = { ok: true, initialized: true, parameter_scope: 'full', n_tensors: 2, total_params: 10, update_history: 0, active_perturbation: null };
    const init = { ok: true, parameter_scope: 'full', n_tensors: 2, total_params: 10, previous_state_reset: null };
    const withNoise = (noise?: string) => (path: string) => (path === '/es/init' ? init : { ...status, ...(noise && { noise }) });
    const [torch, ahd, odd] = await Promise.all([listen(withNoise()), listen(withNoise('ctr-ziggurat-v1')), listen(withNoise('philox'))]);
    try {
      await expect(createEsServerModel({ endpoints: [torch.url, ahd.url] })).rejects.toThrow(/es-server endpoints differ: .*torch noise.*ctr-ziggurat-v1 noise/);
      await expect(createEsServerModel({ endpoints: [odd.url] })).rejects.toThrow(/reports noise "philox"; ahd knows ctr-ziggurat-v1, torch/);
    } finally {
      for (const s of [torch, ahd, odd]) s.server.close();
    }
  });
});

/** A loopback JSON server answering every POST with `answer(path)` (unit-test double only). */
async function listen(answer: (path: string) => object): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(new URL(req.url ?? '/', 'http://x').pathname)));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
