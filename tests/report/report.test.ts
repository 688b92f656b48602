import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AhdError } from '../../src/errors.ts';
import { readRun, reportPage, writeReport } from '../../src/report/index.ts';
import { escapeHtml } from '../../src/report/html.ts';
import { failureTable, operatorTable } from '../../src/report/analysis.ts';
import type { LoggedEvent } from '../../src/engine/events.ts';
import type { Outcome } from '../../src/sandbox/types.ts';
import type { BaselineEntry } from '../../src/compare/baselines.ts';
import { fakeBaselineEvaluator, type BaselineCall } from '../table/fake-runs.ts';
import { makeRunDir } from './make-run-dir.ts';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'run-dir');
const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ahd-report-'));
  temps.push(dir);
  return dir;
}

/** A private copy of the fixture run, to damage. */
function fixtureCopy(): string {
  const dir = join(temp(), 'run');
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** Writes a run's report without the sandbox: the baselines come from a fake evaluator. */
const report = (dir: string, out?: string, calls: BaselineCall[] = []) => writeReport(dir, out, { evaluate: fakeBaselineEvaluator(calls) });

const row = (page: ReturnType<typeof reportPage>, label: string) => page.summary.find((r) => r.label === label)?.value;
const chart = (page: ReturnType<typeof reportPage>, id: string) => page.charts.find((c) => c.id === id);

describe('ahd report (fixture: EoH + ES on tsp50, 3 generations)', () => {
  const run = readRun(FIXTURE);
  const page = reportPage(run);

  it('plots best and mean objective and valid share per generation, sigma and rewards per update', () => {
    // The fixture's scripted ES backend cannot tell its step size: no step chart.
    expect(page.charts.map((c) => c.id)).toEqual(['chart-objective', 'chart-valid', 'chart-sigma', 'chart-reward', 'chart-learning']);
    const objective = chart(page, 'chart-objective')!;
    expect(objective.labels).toEqual([0, 1, 2, 3]);
    const best = objective.datasets[0].data as number[];
    const snapshots = run.snapshots;
    expect(best).toEqual(snapshots.map((s) => s.population[0].objective)); // tsp50 is minimised: natural = stored
    for (let g = 1; g < best.length; g++) expect(best[g]).toBeLessThanOrEqual(best[g - 1]);
    const mean = objective.datasets[1].data as number[];
    const last = snapshots.at(-1)!.population.map((p) => p.objective);
    expect(mean.at(-1)).toBeCloseTo(last.reduce((a, b) => a + b, 0) / last.length, 12);
    const valid = chart(page, 'chart-valid')!.datasets[0].data;
    expect(valid[0]).toBeCloseTo((100 * snapshots[0].valid) / snapshots[0].samples, 12);
    expect(valid[2]).toBeCloseTo((100 * (snapshots[2].valid - snapshots[1].valid)) / (snapshots[2].samples - snapshots[1].samples), 12);

    const history = JSON.parse(readFileSync(join(FIXTURE, 'history.json'), 'utf8')).records;
    expect(run.updatesFrom).toBe('history.json');
    expect(chart(page, 'chart-sigma')!.datasets[0].data).toEqual(history.map((r: { sigma: number }) => r.sigma));
    const rewards: number[] = history[0].rewards;
    const reward = chart(page, 'chart-reward')!;
    expect(reward.datasets[0].data[0]).toBeCloseTo(rewards.reduce((a, b) => a + b, 0) / rewards.length, 12);
    expect(reward.datasets[1].data[0]).toBe(Math.max(...rewards));

    // The learning curve: each update's perturbed candidates, as history.json's stats record them.
    const learning = chart(page, 'chart-learning')!;
    const stats = history.map((r: { stats: { objective_mean: number | null; objective_best: number | null; valid_share: number } }) => r.stats);
    expect(learning.datasets[0].data).toEqual(stats.map((s: { objective_mean: number | null }) => s.objective_mean));
    expect(learning.datasets[1].data).toEqual(stats.map((s: { objective_best: number | null }) => s.objective_best));
    expect(learning.datasets[2].data).toEqual(stats.map((s: { valid_share: number }) => 100 * s.valid_share));
  });

  it('tabulates operators, failures and the lineage of the best heuristic from the event log', () => {
    const table = (id: string) => page.tables.find((t) => t.id === id)!;
    const generations = run.events.filter((e) => e.type === 'generation');
    const candidates = new Set(generations.map((e) => (e as { index: number }).index));
    const operators = table('table-operators');
    expect(operators.rows.map((r) => r[0]).sort()).toEqual([...new Set(generations.map((e) => (e as { operator: string }).operator))].sort());
    expect(operators.rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(candidates.size);
    const outcomes = run.events.filter((e) => e.type === 'outcome') as { outcome: { status: string } }[];
    const failed = outcomes.filter((o) => o.outcome.status !== 'ok').length;
    expect(table('table-failures').rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(failed);
    const lineage = table('table-lineage');
    expect(lineage.rows[0].slice(0, 2)).toEqual(['0', String(page.best!.individual.id)]);
    expect(lineage.rows.at(-1)![2]).toBe('i1'); // every line goes back to an initial sample
  });

  it('shows per operator the share of answers cut at the length limit and the median prompt length', () => {
    const at = '2026-12-04T00:00:00.000Z';
    const generation = (index: number, operator: string, finishReason: 'stop' | 'length', promptTokens?: number) =>
      ({ type: 'generation', index, attempt: 0, operator, parents: operator === 'i1' ? [] : [0, 1], finishReason, promptTokens, at }) as unknown as LoggedEvent;
    const ok = (index: number, objective: number): LoggedEvent => ({ type: 'outcome', index, outcome: { status: 'ok', objective, values: [objective], valid: 1, count: 1, ms: 1 }, at });
    const cut = (index: number): LoggedEvent => ({ type: 'outcome', index, outcome: { status: 'invalid', reason: 'no code', stage: 'parse', ms: 1 }, at });
    const events = [
      generation(0, 'i1', 'stop', 19), ok(0, 6.5),
      generation(1, 'i1', 'stop', 19), ok(1, 6.4),
      // Two-parent prompts near the context's end: three of four answers stop there.
      generation(2, 'e2', 'length', 1500), cut(2),
      generation(3, 'e2', 'length', 1700), cut(3),
      generation(4, 'e2', 'stop', 1550), ok(4, 6.3),
      generation(5, 'e2', 'length', 1600), cut(5),
      // A log that did not record the prompt's length: no median.
      generation(6, 'm1', 'stop'), ok(6, 6.35),
    ];
    const table = operatorTable(events, 'min');
    expect(table.header.slice(0, 5)).toEqual(['operator', 'candidates', 'valid', 'cut at length limit', 'prompt tokens (median)']);
    expect(table.rows.map((r) => r.slice(0, 5))).toEqual([
      ['i1', '2', '100.0%', '0.0%', '19'],
      ['e2', '4', '25.0%', '75.0%', '1575'],
      ['m1', '1', '100.0%', '0.0%', '-'],
    ]);
  });

  it("groups invalid outcomes by the stage that failed, and old logs (no stage) by reason alone", () => {
    const at = '2026-12-04T00:00:00.000Z';
    const generation = (index: number) => ({ type: 'generation', index, operator: 'i1', parents: [], at }) as unknown as LoggedEvent;
    const outcome = (index: number, o: Outcome): LoggedEvent => ({ type: 'outcome', index, outcome: o, at });
    const events = [0, 1, 2, 3].map(generation).concat([
      outcome(0, { status: 'invalid', reason: 'no code in the answer', stage: 'parse', ms: 1 }),
      outcome(1, { status: 'invalid', reason: 'instance 3: tour has 49 nodes', stage: 'run', ms: 1 }),
      outcome(2, { status: 'invalid', reason: 'instance 7: tour has 48 nodes', stage: 'run', ms: 1 }),
      outcome(3, { status: 'invalid', reason: 'no code in the answer', ms: 1 }),
    ]);
    expect(failureTable(events).rows).toEqual([
      ['invalid (run): instance N: tour has N nodes', '2'],
      ['invalid (parse): no code in the answer', '1'],
      ['invalid: no code in the answer', '1'],
    ]);
  });

  it('summarises the run and shows the best heuristic', () => {
    const summary = JSON.parse(readFileSync(join(FIXTURE, 'summary.json'), 'utf8'));
    expect(row(page, 'problem')).toMatch(/^tsp50: .*\(minimised\)$/);
    expect(row(page, 'es')).toMatch(/^on \(/);
    expect(row(page, 'budget')).toBe('120');
    expect(row(page, 'seed')).toBe('7');
    expect(row(page, 'model')).toMatch(/^scripted /);
    expect(row(page, 'samples')).toBe(String(summary.samples));
    expect(row(page, 'best train objective')).toBe(String(summary.best.objective));
    expect(row(page, 'test (best heuristic)')).toBe(`test20: ${summary.best.test.test20}, test50: ${summary.best.test.test50}`);
    expect(row(page, 'ES updates')).toBe('6 (from history.json)');
    expect(page.best?.individual.code).toBe(run.snapshots.at(-1)!.population[0].code);
  });

  it('writes one self-contained HTML file with Chart.js inlined and the code escaped', async () => {
    const out = join(temp(), 'report.html');
    expect(await report(fixtureCopy(), out)).toBe(out);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('Chart.js v4.6.1');
    expect(html).not.toMatch(/<script[^>]+src=|<link\b|sourceMappingURL/);
    expect(html).toContain(escapeHtml(page.best!.individual.code));
    expect(html).toContain('score &lt; bestScore');
    // The analysis tables are on the page.
    for (const table of page.tables.filter((t) => t.rows.length > 0)) expect(html).toContain(`id="${table.id}"`);
    expect(page.tables.map((t) => t.id)).toEqual(['table-operators', 'table-failures', 'table-lineage']);
  });
});

describe("ahd report: the task's classical baselines", () => {
  it("draws each baseline's train objective across the objective chart", () => {
    const baselines: BaselineEntry[] = [
      { problem: 'tsp50', split: 'train', baseline: 'nearest-neighbour', mean: 7.00437, count: 64, valid: 64, evalSeed: 1 },
      { problem: 'tsp50', split: 'train', baseline: 'farthest-insertion', mean: null, count: 64, valid: 0, evalSeed: 1 },
    ];
    const page = reportPage(readRun(FIXTURE), { baselines });
    const objective = chart(page, 'chart-objective')!;
    const line = objective.datasets.find((d) => d.label === 'baseline: nearest-neighbour');
    expect(line).toMatchObject({ constant: true, dashed: true });
    expect(line!.data).toEqual(objective.labels.map(() => 7.00437));
    expect(objective.datasets.some((d) => d.label === 'baseline: farthest-insertion')).toBe(false); // no valid mean: no line
    expect(page.charts.filter((c) => c.id !== 'chart-objective').some((c) => c.datasets.some((d) => d.constant))).toBe(false);
  });

  it("scores them once with the run's evaluation seed and keeps them in <run-dir>/baselines.json", async () => {
    const dir = fixtureCopy();
    const out = join(temp(), 'report.html');
    const calls: BaselineCall[] = [];
    await report(dir, out, calls);
    const seed = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')).evalSeed;
    expect(calls).toEqual([
      { problem: 'tsp50', splits: ['train'], seed },
      { problem: 'tsp50', splits: ['train'], seed },
    ]);
    const stored: BaselineEntry[] = JSON.parse(readFileSync(join(dir, 'baselines.json'), 'utf8'));
    expect(stored.map((e) => [e.baseline, e.split, e.evalSeed])).toEqual([
      ['farthest-insertion', 'train', seed],
      ['nearest-neighbour', 'train', seed],
    ]);
    expect(readFileSync(out, 'utf8')).toContain('"label":"baseline: nearest-neighbour"');
    const again: BaselineCall[] = [];
    await report(dir, out, again);
    expect(again).toEqual([]);
    expect(readFileSync(out, 'utf8')).toContain('"label":"baseline: farthest-insertion"');
  });

  it('renders without the lines when the baselines cannot be scored', async () => {
    const dir = fixtureCopy();
    const logged: string[] = [];
    const failing = async () => {
      throw new Error('no sandbox here');
    };
    const out = await writeReport(dir, undefined, { evaluate: failing, log: (line) => logged.push(line) });
    expect(readFileSync(out, 'utf8')).not.toContain('baseline: ');
    expect(logged.at(-1)).toBe('report: classical baselines left out: no sandbox here');
    expect(existsSync(join(dir, 'baselines.json'))).toBe(false);
  });
});

describe('ahd report on damaged, unfinished and plain runs', () => {
  it('leaves out a last event line cut short by a kill, without repairing the log', async () => {
    const dir = fixtureCopy();
    appendFileSync(join(dir, 'events.jsonl'), '{"type":"outcome","index":131,"outc');
    const size = statSync(join(dir, 'events.jsonl')).size;
    const out = await report(dir);
    expect(out).toBe(join(dir, 'report.html'));
    const page = reportPage(readRun(dir));
    expect(row(page, 'event log')).toMatch(/^1 unreadable line/);
    expect(statSync(join(dir, 'events.jsonl')).size).toBe(size);
  });

  it('reports an unfinished run from what it logged', () => {
    const dir = fixtureCopy();
    rmSync(join(dir, 'summary.json'));
    const lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').filter((l) => l && !l.includes('"type":"end"'));
    writeFileSync(join(dir, 'events.jsonl'), `${lines.join('\n')}\n`);
    const page = reportPage(readRun(dir));
    expect(row(page, 'status')).toMatch(/not finished/);
    expect(row(page, 'test (best heuristic)')).toMatch(/not evaluated/);
    expect(row(page, 'best train objective')).toBe(String(readRun(FIXTURE).summary!.best.objective));
    expect(page.notes[0]).toMatch(/has not finished/);
  });

  it('takes ES updates from the event log when history.json is missing', () => {
    const dir = fixtureCopy();
    rmSync(join(dir, 'history.json'));
    const run = readRun(dir);
    expect(run.updatesFrom).toBe('events.jsonl');
    expect(run.updates).toEqual(readRun(FIXTURE).updates);
  });

  it('escapes heuristic code and descriptions that look like markup', async () => {
    const dir = fixtureCopy();
    const file = join(dir, 'population', 'gen-003.json');
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    snapshot.population[0].code = 'function selectNextNode() { return "</script><b>x</b>"; }';
    snapshot.population[0].description = '<img src=x onerror=alert(1)>';
    writeFileSync(file, JSON.stringify(snapshot));
    const html = readFileSync(await report(dir), 'utf8');
    expect(html).toContain('return &quot;&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;&quot;;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('plots a plain Sample run (no history.json) per batch, without ES charts', async () => {
    const dir = join(temp(), 'sample');
    await makeRunDir(dir, { scaffold: 'sample', budget: 60, seed: 3 });
    const page = reportPage(readRun(dir));
    expect(page.charts.map((c) => c.id)).toEqual(['chart-objective', 'chart-valid']);
    expect(page.charts[0].labels).toEqual([1, 2, 3]);
    expect(page.charts[0].xLabel).toBe('batch');
    expect(row(page, 'es')).toBe('off');
    expect(row(page, 'ES updates')).toBeUndefined();
  });

  it('refuses a missing or invalid run directory with a one-line usage error', async () => {
    const empty = temp();
    const broken = temp();
    writeFileSync(join(broken, 'config.json'), '{"problem": "tsp50",');
    for (const [dir, message] of [
      [join(empty, 'nope'), /no such run directory/],
      [empty, /is not a run directory \(no config\.json\)/],
      [broken, /config\.json: not valid JSON/],
    ] as const) {
      const error = (await report(dir).catch((e) => e)) as AhdError;
      expect(error).toBeInstanceOf(AhdError);
      expect(error.code).toBe('usage');
      expect(error.message).toMatch(message);
      expect(error.message).not.toContain('\n');
    }
  });
});

describe('the fixture run directory', () => {
  /** File names, and the keys of every JSON document / event type: the shape of a run directory. */
  function shape(dir: string) {
    const events = readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const keysByType: Record<string, string[]> = {};
    for (const e of events) keysByType[e.type] = [...new Set([...(keysByType[e.type] ?? []), ...Object.keys(e)])].sort();
    const json = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
    return {
      files: readdirSync(dir).filter((f) => f !== 'report.html').sort(),
      snapshots: readdirSync(join(dir, 'population')).sort(),
      config: Object.keys(json('config.json')).sort(),
      summary: Object.keys(json('summary.json')).sort(),
      history: Object.keys(json('history.json').records[0]).sort(),
      events: keysByType,
    };
  }

  it('has the format the engine writes now (regenerate: see tests/report/make-run-dir.ts)', async () => {
    const fresh = join(temp(), 'fresh');
    await makeRunDir(fresh);
    expect(shape(FIXTURE)).toEqual(shape(fresh));
  });
});
