/**
 * `ahd run` as a user runs it, against a scripted OpenAI-compatible server in this process: a run killed with
 * SIGKILL mid-way and resumed with --resume ends in the state of an uninterrupted run; resuming a finished run
 * prints its stored summary; a signal to the wrapper reaches the run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEvents, sessionSeconds } from '../../src/engine/events.ts';
import { createRng } from '../../src/ground/rng.ts';
import { scriptedAnswer } from './doubles.ts';
import { normalisedEvents, readEventObjects, scriptedOpenAiServer, tempDir } from './helpers.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;

let server: Awaited<ReturnType<typeof scriptedOpenAiServer>>;
let endpoint = '';
let served = 0;
/** Called with the number of requests served so far, before each answer. */
let onRequest: (count: number) => void = () => {};

beforeAll(async () => {
  server = await scriptedOpenAiServer(
    (seed) => scriptedAnswer(createRng(`${seed}`)),
    () => onRequest(++served),
  );
  endpoint = server.endpoint;
});
afterAll(() => server.close());

/** After `after` requests, `signal` goes to the wrapper (bin/ahd.js) alone or to its whole process group. */
interface Kill {
  readonly after: number;
  readonly signal: NodeJS.Signals;
  readonly group: boolean;
}

/** Runs `ahd run` in its own process group, optionally signalled mid-run. */
function ahdRun(dir: string, extra: string[], kill?: Kill) {
  const args = [
    AHD, 'run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', '20', '--llm', 'openai', '--endpoint', endpoint,
    '--model', 'scripted', '--threads', '1', '--out', dir, '--json', ...extra,
  ];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  served = 0;
  onRequest = (count) => {
    if (kill && count === kill.after) process.kill(kill.group ? -(child.pid as number) : (child.pid as number), kill.signal);
  };
  return new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
}

describe('ahd run (CLI)', () => {
  it('kill -9 mid-run, then --resume: same final state as an uninterrupted run', async () => {
    const whole = join(tempDir(), 'run');
    const full = await ahdRun(whole, []);
    expect(full.status, full.stderr).toBe(0);
    const summary = JSON.parse(full.stdout.trimEnd().split('\n').at(-1) as string);
    expect(Object.keys(summary)).toEqual(['problem', 'scaffold', 'es', 'budget', 'samples', 'valid', 'best', 'runDir', 'seconds', 'evalSeed']);
    expect(summary).toMatchObject({ problem: 'tsp50', scaffold: 'eoh', es: false, budget: 20, runDir: whole });
    expect(Object.keys(summary.best.test)).toEqual(['test20', 'test50']);

    // Resuming the finished run prints its stored summary: no request, no evaluation, nothing appended.
    const events = readFileSync(join(whole, 'events.jsonl'), 'utf8');
    const ended = await ahdRun(whole, ['--resume']);
    expect(ended.status, ended.stderr).toBe(0);
    expect(served).toBe(0);
    expect(JSON.parse(ended.stdout.trimEnd().split('\n').at(-1) as string)).toEqual(summary);
    expect(readFileSync(join(whole, 'events.jsonl'), 'utf8')).toBe(events);

    const dir = join(tempDir(), 'run');
    const killed = await ahdRun(dir, [], { after: 18, signal: 'SIGKILL', group: true });
    expect(killed.signal).toBe('SIGKILL');
    const before = readEventObjects(dir).filter((e) => e.type === 'outcome').length;
    expect(before).toBeGreaterThan(0);

    const mismatch = await ahdRun(dir, ['--resume', '--seed', '7']);
    expect(mismatch.status).toBe(2);
    expect(mismatch.stderr.trim()).toMatch(/^ahd: cannot resume .*: search.seed was 2024, this run asks 7$/);

    const resumed = await ahdRun(dir, ['--resume']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(served).toBeLessThan(30); // only the answers the log did not have
    const again = JSON.parse(resumed.stdout.trimEnd().split('\n').at(-1) as string);
    expect({ ...again, seconds: 0, runDir: '' }).toEqual({ ...summary, seconds: 0, runDir: '' });
    // Its wall time counts the killed session too (from the event log), not only the resumed one.
    const sessions = sessionSeconds(readEvents(join(dir, 'events.jsonl')));
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toBeGreaterThan(0);
    expect(again.seconds).toBeGreaterThan(sessions[0]);

    const outcomes = readEventObjects(dir).filter((e) => e.type === 'outcome');
    expect(new Set(outcomes.map((e) => e.index)).size).toBe(outcomes.length);
    expect(normalisedEvents(dir, { dropStarts: true })).toEqual(normalisedEvents(whole, { dropStarts: true }));
    for (const name of readdirSync(join(whole, 'population'))) {
      expect(readFileSync(join(dir, 'population', name), 'utf8')).toBe(readFileSync(join(whole, 'population', name), 'utf8'));
    }
  });

  it('SIGINT to the wrapper alone reaches the run, which stops and says how to resume', async () => {
    const dir = join(tempDir(), 'run');
    const stopped = await ahdRun(dir, [], { after: 10, signal: 'SIGINT', group: false });
    // 'close' waits for the output pipes, which the child holds too: by now it has ended.
    expect({ status: stopped.status, signal: stopped.signal }, stopped.stderr).toEqual({ status: 1, signal: null });
    expect(stopped.stderr).toContain(`ahd: interrupted; continue with: ahd run --resume --out ${dir}`);
    expect(readEventObjects(dir).some((e) => e.type === 'end')).toBe(false);
  });
});
