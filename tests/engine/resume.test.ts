import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import { sessionSeconds, type LoggedEvent } from '../../src/engine/events.ts';
import { finishRun } from '../../src/engine/finish-run.ts';
import { checkResumeConfig } from '../../src/engine/run-dir/index.ts';
import { ScriptedModel, nativeEvaluator } from './doubles.ts';
import { normalisedEvents, readEventObjects, runTest, tempDir } from './helpers.ts';

/** Runs uninterrupted in one dir; in another, aborts after `calls` model answers and resumes on a fresh model. */
async function interruptAndResume(run: { scaffold: 'eoh' | 'sample'; budget: number; es?: boolean; calls: number }) {
  const whole = tempDir();
  const reference = await runTest({ ...run, dir: whole });

  const dir = tempDir();
  const controller = new AbortController();
  const interrupted = new ScriptedModel({ es: run.es, abortAfter: { calls: run.calls, controller } });
  await expect(runTest({ ...run, dir, model: interrupted, signal: controller.signal })).rejects.toThrow(/interrupted/);
  const before = readEventObjects(dir).filter((e) => e.type === 'outcome').length;
  const updatesBefore = readEventObjects(dir).filter((e) => e.type === 'update').length;

  const evaluator = nativeEvaluator();
  const fresh = new ScriptedModel({ es: run.es });
  const resumed = await runTest({ ...run, dir, resume: true, model: fresh, evaluator });
  return { whole, dir, reference, resumed, before, updatesBefore, evaluator, fresh };
}

describe('resume', () => {
  it('EoH: an interrupted run resumes to the state of an uninterrupted one, repeating no evaluation', async () => {
    const { whole, dir, reference, resumed, before, evaluator, fresh } = await interruptAndResume({
      scaffold: 'eoh',
      budget: 40,
      calls: 25,
    });
    expect(before).toBeGreaterThan(0);
    expect(resumed.population).toEqual(reference.population);
    expect(resumed.progress.samples).toBe(reference.progress.samples);
    expect(resumed.replayed).toBe(before);
    // Only candidates without a recorded outcome were evaluated again.
    expect(evaluator.calls.length).toBeLessThanOrEqual(reference.progress.samples - before);
    const outcomes = readEventObjects(dir).filter((e) => e.type === 'outcome');
    expect(new Set(outcomes.map((e) => e.index)).size).toBe(outcomes.length);
    // The fresh model was asked only for answers the log did not have.
    const logged = readEventObjects(whole).filter((e) => e.type === 'generation').length;
    expect(fresh.requests.length).toBeLessThan(logged);
    expect(normalisedEvents(dir, { dropStarts: true })).toEqual(normalisedEvents(whole, { dropStarts: true }));
    for (const name of readdirSync(join(whole, 'population'))) {
      expect(readFileSync(join(dir, 'population', name), 'utf8')).toBe(readFileSync(join(whole, 'population', name), 'utf8'));
    }
  });

  it('EoH+ES: weights are rebuilt by re-applying logged updates and end identical', async () => {
    const { whole, dir, reference, resumed, fresh, updatesBefore } = await interruptAndResume({
      scaffold: 'eoh',
      budget: 40,
      es: true,
      calls: 45,
    });
    expect(updatesBefore).toBe(1); // interrupted during m2, after m1's update
    expect(resumed.population).toEqual(reference.population);
    expect(fresh.es?.updates).toBe(2);
    expect(readFileSync(join(dir, 'history.json'), 'utf8')).toBe(readFileSync(join(whole, 'history.json'), 'utf8'));
    expect(normalisedEvents(dir, { dropStarts: true })).toEqual(normalisedEvents(whole, { dropStarts: true }));
  });

  it('Sample+ES resumes mid-batch', async () => {
    const { whole, dir, reference, resumed } = await interruptAndResume({ scaffold: 'sample', budget: 60, es: true, calls: 30 });
    expect(resumed.population).toEqual(reference.population);
    expect(normalisedEvents(dir, { dropStarts: true })).toEqual(normalisedEvents(whole, { dropStarts: true }));
  });

  it('resuming a finished run replays it without asking the model', async () => {
    const dir = tempDir();
    const first = await runTest({ scaffold: 'sample', budget: 20, dir });
    const model = new ScriptedModel();
    const again = await runTest({ scaffold: 'sample', budget: 20, dir, resume: true, model });
    expect(model.requests.length).toBe(0);
    expect(again.population).toEqual(first.population);
  });

  it('resuming a run that has ended answers its stored summary: nothing evaluated, generated or appended', async () => {
    const dir = tempDir();
    const problem = getProblem('tsp50');
    const first = await runTest({ scaffold: 'sample', budget: 20, dir });
    const summary = await finishRun(problem, first, nativeEvaluator(), () => 1);
    const events = readFileSync(join(dir, 'events.jsonl'), 'utf8');
    const model = new ScriptedModel();
    const evaluator = nativeEvaluator();
    const resumed = await runTest({ scaffold: 'sample', budget: 20, dir, resume: true, model, evaluator });
    expect(resumed.population).toEqual(first.population);
    expect(await finishRun(problem, resumed, evaluator, () => 99)).toEqual(summary);
    expect(model.requests).toHaveLength(0);
    expect(evaluator.calls).toHaveLength(0);
    expect(readFileSync(join(dir, 'events.jsonl'), 'utf8')).toBe(events);
    await expect(runTest({ scaffold: 'sample', budget: 20, seed: 1, dir, resume: true })).rejects.toThrow(/seed was 2024/);
  });

  it('a config mismatch is a one-line error naming the field', async () => {
    const dir = tempDir();
    await runTest({ scaffold: 'sample', budget: 20, dir });
    await expect(runTest({ scaffold: 'sample', budget: 40, dir, resume: true })).rejects.toThrow(
      /^cannot resume .*: search.budget was 20, this run asks 40$/,
    );
    await expect(runTest({ scaffold: 'eoh', budget: 20, dir, resume: true })).rejects.toThrow(/scaffold was "sample"/);
  });

  it('a nested setting that differs is named down to its leaf (a changed endpoint: llm.source)', () => {
    const llm = { backend: 'openai', model: 'm', source: 'http://127.0.0.1:8000/v1', promptStyle: 'reference' };
    expect(() => checkResumeConfig({ budget: 20, llm }, { budget: 20, llm: { ...llm, source: 'http://127.0.0.1:8001/v1' } }, 'runs/x')).toThrow(
      /^cannot resume runs\/x: llm\.source was "http:\/\/127\.0\.0\.1:8000\/v1", this run asks "http:\/\/127\.0\.0\.1:8001\/v1"$/,
    );
    expect(() => checkResumeConfig({ llm }, { llm: { ...llm, extra: 1 } }, 'runs/x')).toThrow(/: llm\.extra was unset, this run asks 1$/);
    expect(() => checkResumeConfig({ llm }, { llm: { ...llm } }, 'runs/x')).not.toThrow();
  });

  it('a resume with no run there says so', async () => {
    await expect(runTest({ scaffold: 'sample', budget: 20, dir: join(tempDir(), 'none'), resume: true })).rejects.toThrow(
      /none: no such run directory/,
    );
  });
});

describe('a resumed run\'s wall time', () => {
  it('adds the sessions before the resume, from the event log, to the seconds of the session that finishes', async () => {
    const dir = tempDir();
    const controller = new AbortController();
    const interrupted = new ScriptedModel({ abortAfter: { calls: 12, controller } });
    await expect(runTest({ scaffold: 'sample', budget: 20, dir, model: interrupted, signal: controller.signal })).rejects.toThrow(/interrupted/);
    // The first session started 42 s before its last event.
    const path = join(dir, 'events.jsonl');
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    const lastAt = Date.parse(lines.at(-1).at);
    lines[0] = { ...lines[0], at: new Date(lastAt - 42_000).toISOString() };
    writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const resumed = await runTest({ scaffold: 'sample', budget: 20, dir, resume: true });
    const summary = await finishRun(getProblem('tsp50'), resumed, nativeEvaluator(), () => 5);
    expect(summary.seconds).toBe(47);
  });
});

describe('sessionSeconds', () => {
  it('times each session from its start event to the last event it logged', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const events = [
      { type: 'start', resumed: false, at: at(0) },
      { type: 'snapshot', at: at(30) },
      { type: 'outcome', at: at(42) }, // then killed
      { type: 'start', resumed: true, at: at(100) },
      { type: 'snapshot', at: at(110) },
    ] as unknown as LoggedEvent[];
    expect(sessionSeconds(events)).toEqual([42, 10]);
    expect(sessionSeconds([])).toEqual([]);
  });
});
