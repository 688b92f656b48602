import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedModel, nativeEvaluator } from './doubles.ts';
import type { GenerateRequest, Generation } from '../../src/llm/types.ts';
import { normalisedEvents, readEventObjects, runTest, tempDir } from './helpers.ts';

describe('runSearch (EoH on a scripted model)', () => {
  it('runs a small budget end to end and writes the run directory', async () => {
    const dir = tempDir();
    const result = await runTest({ scaffold: 'eoh', budget: 20, dir });
    const events = readEventObjects(dir);
    const outcomes = events.filter((e) => e.type === 'outcome');
    // 20 budgeted candidates plus at least one initial i1 batch of 10, each with exactly one outcome.
    expect(outcomes.length).toBe(result.progress.samples);
    expect(new Set(outcomes.map((e) => e.index)).size).toBe(outcomes.length);
    const budgeted = events.filter((e) => e.type === 'generation' && e.attempt === 0 && e.operator !== 'i1');
    expect(budgeted.length).toBe(20);
    expect(budgeted.filter((e) => e.operator === 'e1').length).toBe(5);

    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toMatchObject({ version: 2, problem: 'tsp50', search: { scaffold: 'eoh', budget: 20 } });
    expect(readdirSync(join(dir, 'population')).sort()).toEqual(['gen-000.json', 'gen-001.json']);
    const last = JSON.parse(readFileSync(join(dir, 'population', 'gen-001.json'), 'utf8'));
    expect(last.population).toEqual(result.population);
    const objectives = result.population.map((p) => p.objective);
    expect(objectives).toEqual([...objectives].sort((a, b) => a - b));
    expect(result.population.length).toBeLessThanOrEqual(10);
    expect(readFileSync(join(dir, 'best.js'), 'utf8')).toContain(result.population[0].code);
    expect(existsSync(join(dir, 'history.json'))).toBe(false);
  });

  it('logs every prompt, answer and parsed result; unparseable answers are retried', async () => {
    const dir = tempDir();
    await runTest({ scaffold: 'eoh', budget: 20, dir });
    const generations = readEventObjects(dir).filter((e) => e.type === 'generation');
    for (const g of generations) {
      expect(g.messages.length).toBeGreaterThan(0);
      expect(typeof g.text).toBe('string');
      expect(g.parsed).toHaveProperty('ok');
    }
    const retried = generations.filter((g) => g.attempt > 0);
    expect(retried.length).toBeGreaterThan(0);
    for (const r of retried) {
      const previous = generations.find((g) => g.index === r.index && g.attempt === r.attempt - 1);
      // A retry follows an answer that failed to parse, or (plain EoH) a code equal to a member's.
      expect(previous).toBeDefined();
    }
  });

  it("says where each invalid candidate failed: an answer left without code at 'parse', a wrong answer at 'run'", async () => {
    // Every answer after the first 15 is prose, so those candidates run out of parse retries.
    class ProseAfter extends ScriptedModel {
      calls = 0;
      override async generate(request: GenerateRequest): Promise<Generation> {
        const generation = await super.generate(request);
        return ++this.calls > 15 ? { ...generation, text: 'Sorry, I have no idea.' } : generation;
      }
    }
    const dir = tempDir();
    await runTest({ scaffold: 'eoh', budget: 20, dir, model: new ProseAfter() });
    const invalid = readEventObjects(dir).filter((e) => e.type === 'outcome' && e.outcome.status === 'invalid');
    const stages = invalid.map((e) => [e.outcome.stage, e.outcome.reason.startsWith('unparseable answer') ? 'parse' : 'run']);
    expect(stages.filter(([, want]) => want === 'parse').length).toBeGreaterThan(0);
    expect(stages.filter(([, want]) => want === 'run').length).toBeGreaterThan(0);
    for (const [stage, want] of stages) expect(stage).toBe(want);
  });

  it('gives the same events for the same seed, whatever the scheduling', async () => {
    const a = tempDir();
    const b = tempDir();
    await runTest({ scaffold: 'eoh', budget: 40, dir: a, model: new ScriptedModel({ parallelism: 1 }) });
    await runTest({ scaffold: 'eoh', budget: 40, dir: b, model: new ScriptedModel({ parallelism: 4 }) });
    expect(normalisedEvents(b)).toEqual(normalisedEvents(a));
  });

  it('differs with another seed', async () => {
    const a = tempDir();
    const b = tempDir();
    await runTest({ scaffold: 'eoh', budget: 20, dir: a, seed: 1 });
    await runTest({ scaffold: 'eoh', budget: 20, dir: b, seed: 2 });
    expect(normalisedEvents(b)).not.toEqual(normalisedEvents(a));
  });

  it('reports progress once per change: a candidate counted, a generation ended (no repeat at batch boundaries)', async () => {
    const seen: string[] = [];
    const result = await runTest({ scaffold: 'eoh', budget: 20, dir: tempDir(), onProgress: (p) => seen.push(JSON.stringify(p)) });
    expect(seen.filter((p, i) => p === seen[i - 1])).toEqual([]);
    // One report per sample, and one per generation that ended (the initial population is generation 0).
    expect(seen).toHaveLength(result.progress.samples + result.progress.totalGenerations);
    expect(JSON.parse(seen.at(-1)!)).toMatchObject({ generation: 1, totalGenerations: 1, samples: result.progress.samples });
  });

  it('refuses to start over an existing run without --resume', async () => {
    const dir = tempDir();
    await runTest({ scaffold: 'sample', budget: 20, dir });
    await expect(runTest({ scaffold: 'sample', budget: 20, dir })).rejects.toThrow(/already holds a run: pass --resume/);
  });

  it('evaluates every candidate with the run\'s eval seed on the train split', async () => {
    const dir = tempDir();
    const evaluator = nativeEvaluator();
    await runTest({ scaffold: 'sample', budget: 20, dir, evaluator });
    expect(new Set(evaluator.calls.map((c) => `${c.split}:${c.seed}`)).size).toBe(1);
    expect(evaluator.calls[0].split).toBe('train');
  });
});

describe('runSearch (Sample)', () => {
  it('spends the budget in batches of 20 and keeps the best valid samples', async () => {
    const dir = tempDir();
    const result = await runTest({ scaffold: 'sample', budget: 45, dir });
    const generations = readEventObjects(dir).filter((e) => e.type === 'generation' && e.attempt === 0);
    expect(generations.length).toBe(45);
    expect(generations.every((g) => g.operator === 'i1' && g.perturbation === undefined)).toBe(true);
    expect(readdirSync(join(dir, 'population')).sort()).toEqual(['gen-001.json', 'gen-002.json', 'gen-003.json']);
    expect(result.progress.samples).toBe(45);
    const valid = readEventObjects(dir).filter((e) => e.type === 'outcome' && e.outcome.status === 'ok');
    expect(result.population[0].objective).toBe(Math.min(...valid.map((e) => e.outcome.objective)));
  });
});
