import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../engine/helpers.ts';
import { call, startFixtureServer } from './es-server-helpers.ts';
import { FIXTURE } from './onnx-helpers.ts';

/** `ahd serve` and `ahd run --llm es-server` as a user runs them (bin/ahd.js). */
describe('ahd serve', () => {
  test('prints its URL, serves, logs each request, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['bin/ahd.js', 'serve', '--model', FIXTURE, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim())));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await call(url, '/es/status', undefined, 'GET')).json).toMatchObject({ ok: true, model: 'tiny-lm', initialized: false });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/^ahd serve: tiny-lm on http:\/\/127\.0\.0\.1:\d+ \(Ctrl-C stops\)\nahd serve: GET \/es\/status 200 \d+ ms\nahd serve: SIGTERM: /);
  });

  test('a bad flag is a one-line usage error', () => {
    const result = spawnSync(process.execPath, ['bin/ahd.js', 'serve', '--port', '70000'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('ahd: --port: must be in 0..65535\n');
  });
});

describe('ahd run --llm es-server', () => {
  test('needs an endpoint', () => {
    const result = spawnSync(process.execPath, ['bin/ahd.js', 'run', '--problem', 'tsp50', '--scaffold', 'sample', '--llm', 'es-server'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^ahd: --llm es-server needs --endpoint <url>/);
  });

  test('runs Sample+ES against a server and records it as the backend', async () => {
    const modelDir = join(tempDir('ahd-es-cli-'), 'model');
    cpSync(FIXTURE, modelDir, { recursive: true });
    const config = JSON.parse(readFileSync(join(modelDir, 'config.json'), 'utf8'));
    writeFileSync(join(modelDir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact' }));
    const server = await startFixtureServer(modelDir);
    const out = join(tempDir('ahd-es-cli-'), 'run');
    try {
      const args = ['run', '--problem', 'tsp50', '--scaffold', 'sample', '--es', '--budget', '20', '--max-new-tokens', '8'];
      const child = spawn(process.execPath, ['bin/ahd.js', ...args, '--llm', 'es-server', '--endpoint', server.url, '--out', out], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      // The untrained fixture writes noise: the run ends without a valid heuristic, after its ES update.
      expect(stderr).toMatch(/no valid heuristic in 20 samples/);
      expect(code).toBe(1);
      const stored = JSON.parse(readFileSync(join(out, 'config.json'), 'utf8'));
      expect(stored.llm).toEqual({ backend: 'es-server', endpoint: [server.url] });
      expect(stored.recorded).toMatchObject({ model: 'es-server:tiny-lm', promptStyle: 'compact' });
      expect(existsSync(join(out, 'history.json'))).toBe(true);
      const history = JSON.parse(readFileSync(join(out, 'history.json'), 'utf8'));
      expect(history.model).toMatchObject({ n_tensors: 15, total_params: 46880 });
      expect(history.records).toHaveLength(1);
      expect(server.lines.filter((line) => line.includes('/es/apply 200')).length).toBeGreaterThanOrEqual(20);
    } finally {
      await server.close();
    }
  });
});
