import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_ES } from '../../src/es/optimizer.ts';
import { readHistory } from '../../src/es/history.ts';
import { replaySteps } from '../../src/es/replay.ts';
import { ScriptedModel, TinyEs } from './doubles.ts';
import { normalisedEvents, readEventObjects, runTest, tempDir } from './helpers.ts';

/**
 * The noise-only control through the engine: perturbed sampling on the same seeds and schedule as ES, no update.
 * Decided and documented: every step is recorded, with update_applied false (as the reference's ES_DISABLE_UPDATE),
 * so the learning curve is there and replay skips them.
 */
describe('noise-only control', () => {
  async function run(mode: 'full' | 'noise-only') {
    const dir = tempDir();
    const model = new ScriptedModel({ es: true });
    await runTest({ scaffold: 'eoh', budget: 80, es: true, esParams: { ...REFERENCE_ES, mode }, dir, model });
    return { dir, model, events: readEventObjects(dir), history: readHistory(join(dir, 'history.json')) };
  }

  it('samples m1/m2 under the same directions and sigmas as ES but never moves the weights', async () => {
    const full = await run('full');
    const noise = await run('noise-only');
    const base = await new TinyEs().fingerprint();
    expect(noise.model.es?.updates).toBe(0);
    expect(await noise.model.es?.fingerprint()).toBe(base);
    expect(noise.history.records).toHaveLength(4);
    expect(noise.history.records.every((r) => r.update_applied === false && r.weights_fingerprint === base)).toBe(true);
    expect(noise.events.filter((e) => e.type === 'update').every((u) => u.applied === false)).toBe(true);
    expect([...replaySteps(noise.history, 2024)]).toEqual([]);
    // Same seed stream and schedule as the full arm (the seeds of update 0 are drawn before any answer differs).
    expect(noise.history.records.map((r) => r.sigma)).toEqual(full.history.records.map((r) => r.sigma));
    expect(noise.history.records[0].seeds).toEqual(full.history.records[0].seeds);
    expect(noise.events.some((e) => e.type === 'generation' && e.perturbation)).toBe(true);
    // The full arm does move them: the assertions above could fail.
    expect(full.model.es?.updates).toBe(4);
    expect(await full.model.es?.fingerprint()).not.toBe(base);
    expect(JSON.parse(readFileSync(join(noise.dir, 'config.json'), 'utf8')).es.mode).toBe('noise-only');
  });
});

describe('controls and aimed rewards resume exactly', () => {
  it('update-only EoH+ES with exceed-quantile rewards and one parent per seed: an interrupted run ends as an uninterrupted one', async () => {
    const esParams = { ...REFERENCE_ES, antithetic: true, mode: 'update-only' as const, reward: 'exceed-quantile' as const, rewardQuantile: 0.5, sameParent: true };
    const run = { scaffold: 'eoh' as const, budget: 40, es: true, esParams };
    const whole = tempDir();
    const reference = await runTest({ ...run, dir: whole });
    const dir = tempDir();
    const controller = new AbortController();
    const interrupted = new ScriptedModel({ es: true, abortAfter: { calls: 45, controller } });
    await expect(runTest({ ...run, dir, model: interrupted, signal: controller.signal })).rejects.toThrow(/interrupted/);
    const fresh = new ScriptedModel({ es: true });
    const resumed = await runTest({ ...run, dir, resume: true, model: fresh });
    expect(resumed.population).toEqual(reference.population);
    expect(normalisedEvents(dir, { dropStarts: true })).toEqual(normalisedEvents(whole, { dropStarts: true }));
    expect(readHistory(join(dir, 'history.json')).records).toEqual(readHistory(join(whole, 'history.json')).records);
    // Update-only: twice the m1/m2 candidates were generated, half of them perturbed.
    const m = readEventObjects(whole).filter((e) => e.type === 'generation' && e.attempt === 0 && (e.operator === 'm1' || e.operator === 'm2'));
    expect(m.filter((g) => g.perturbation).length * 2).toBe(m.length);
  });
});

describe('update-only control', () => {
  it("the progress line's best is the population's: the perturbed probes never enter it, so never count as the best", async () => {
    const esParams = { ...REFERENCE_ES, mode: 'update-only' as const };
    const result = await runTest({ scaffold: 'sample', budget: 40, es: true, esParams, dir: tempDir(), seed: 3 });
    expect(result.progress.best).toBe(result.population[0].objective);
    // The probes were scored and counted (twice the samples), and one of them beat the population: the check could fail.
    expect(result.progress.samples).toBe(80);
    const events = readEventObjects(result.dir);
    const perturbed = new Set(events.filter((e) => e.type === 'generation' && e.perturbation).map((e) => e.index));
    const probeBest = Math.min(...events.filter((e) => e.type === 'outcome' && perturbed.has(e.index) && e.outcome.status === 'ok').map((e) => e.outcome.objective));
    expect(probeBest).toBeLessThan(result.population[0].objective);
  });
});

