import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../src/ground/runtime.ts';
import { createEsServerModel } from '../../src/llm/es-server/client.ts';
import { differingAnswers } from '../../src/llm/es-server/compare-answers.ts';
import { checkEsServer } from '../../src/llm/es-server/conformance.ts';
import { tempDir } from '../engine/helpers.ts';
import { fixtureEsRun, startFixtureServer } from '../llm/es-server-helpers.ts';
import { FIXTURE } from '../llm/onnx-helpers.ts';

/**
 * The torch ES server of servers/ (Debian's python3-torch, python3-jinja2 and python3-onnx; .ci/run installs them; no Flask: the server is the standard library's): its own
 * Python tests, the protocol conformance suite, agreement with `ahd serve` on every request-determined protocol
 * field, and `ahd run --llm es-server` over two torch servers giving the same history.json twice.
 */
const PYTHON = '/usr/bin/python3';
const SERVERS = join(PROJECT_ROOT, 'servers');
const available = spawnSync(PYTHON, ['-c', 'import torch, jinja2, onnx, numpy'], { encoding: 'utf8' }).status === 0;
if (!available) console.warn('torch server tests skipped: /usr/bin/python3 lacks torch, jinja2, onnx or numpy (apt: python3-torch python3-jinja2 python3-onnx)');

interface TorchServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** What runs over several torch servers need: exact reverts (replicas stay identical) and exact resets. */
const EXACT = ['--master-copy', '--exact-reset'];
/**
 * Starts `servers/torch_server.py` on a free port and waits for its ready line. Its stdin is a pipe from this
 * process (--stop-with-stdin): if the test run dies, the server stops with it.
 */
async function startTorchServer(modelDir: string, flags: readonly string[] = []): Promise<TorchServer> {
  const child: ChildProcess = spawn(PYTHON, [join(SERVERS, 'torch_server.py'), '--model', modelDir, '--port', '0', '--threads', '1', '--stop-with-stdin', ...flags], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /ahd-torch-server listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`torch server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The fixture with the compact prompt style (its context is too short for the reference prompts). */
function compactFixture(): string {
  const dir = join(tempDir('ahd-torch-'), 'model');
  cpSync(FIXTURE, dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact' }));
  return dir;
}

describe.skipIf(!available)('the torch ES server', () => {
  let modelDir: string;
  let torch: TorchServer;

  beforeAll(async () => {
    modelDir = compactFixture();
    torch = await startTorchServer(modelDir);
  }, 120_000);
  afterAll(() => torch?.stop());

  test('its Python tests pass', () => {
    const result = spawnSync(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests'], { cwd: SERVERS, encoding: 'utf8', timeout: 300_000 });
    expect(result.status, result.stderr.slice(-3000)).toBe(0);
  }, 300_000);

  test('passes the conformance suite (in-place float32: revert and reset exact only up to rounding) and agrees with ahd serve on every request-determined field', async () => {
    const report = await checkEsServer(torch.url);
    expect(report.checks.filter((c) => c.outcome === 'fail')).toEqual([]);
    expect(report.checks.filter((c) => c.outcome === 'note').map((c) => c.name)).toEqual([
      'revert: the weights are back bit for bit',
      'reset: the base weights bit for bit',
    ]);
    const exact = await startTorchServer(modelDir, EXACT);
    try {
      expect((await checkEsServer(exact.url)).checks.filter((c) => c.outcome !== 'pass')).toEqual([]);
    } finally {
      await exact.stop();
    }
    const served = await startFixtureServer(modelDir);
    try {
      const reference = await checkEsServer(served.url);
      // Every request-determined field agrees but the sizes: ahd serve counts the ONNX graph's weight tensors
      // (the export merges equal initializers and keeps a tied head as its own copy), torch its parameters.
      const differing = differingAnswers(reference, report).map((line) => line.split(':')[0]);
      expect(differing).toEqual(['init.n_tensors', 'init.total_params', 'status.n_tensors', 'status.total_params']);
    } finally {
      await served.close();
    }
  }, 120_000);

  test('ahd run --llm es-server over two torch servers gives the same history.json twice, with torch noise', async () => {
    // Fresh servers for each run: the same history must come from the seeds alone.
    const run = async () => {
      const servers = await Promise.all([startTorchServer(modelDir, EXACT), startTorchServer(modelDir, EXACT)]);
      const model = await createEsServerModel({ endpoints: servers.map((t) => t.url) });
      const dir = await fixtureEsRun(model, 'es-server');
      await model.close();
      await Promise.all(servers.map((t) => t.stop()));
      return JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8'));
    };
    const first = await run();
    const second = await run();
    expect(first.noise).toBe('torch');
    expect(first.weights).toBe('in-place');
    expect(first.records.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  }, 300_000);
});
