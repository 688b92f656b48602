import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usageError } from '../../src/errors.ts';
import { describeMachine, machineLine } from '../../src/ground/machine.ts';
import { describeEs } from '../../src/es/describe.ts';
import { DEFAULT_ES, DEFAULT_ES_EOH, REFERENCE_ES } from '../../src/es/optimizer.ts';
import { buildTable } from '../../src/table/index.ts';
import { runArguments } from '../../src/table/cli-runner.ts';
import { settingDir, type SettingRunner } from '../../src/table/run-settings.ts';
import { enumerateSettings, settingName, tableMethods, type Setting } from '../../src/table/settings.ts';
import { parseMethod } from '../../src/compare/methods.ts';
import { fakeBaselineEvaluator, writeFakeRun } from './fake-runs.ts';

let out: string;
beforeEach(() => {
  out = mkdtempSync(join(tmpdir(), 'ahd-table-run-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

/** A runner that "finishes" a setting by writing a fake summary: train = 10 + rep, test20 = 4 + rep/10. */
function fakeRunner(calls: { setting: Setting; resume: boolean }[], failOn?: (s: Setting) => boolean): SettingRunner {
  return async (setting, dir, resume) => {
    calls.push({ setting, resume });
    if (failOn?.(setting)) throw new Error('model crashed');
    const train = 10 + setting.rep - (setting.es ? 1 : 0);
    writeFakeRun(dir, { ...setting, seed: setting.rep, train, test: { test20: 4 + setting.rep / 10, test50: 6 } });
  };
}

describe('ahd table (running settings)', () => {
  it('--parallel runs every setting once and builds the same table as one at a time', async () => {
    const one: { setting: Setting; resume: boolean }[] = [];
    const two: { setting: Setting; resume: boolean }[] = [];
    const a = await buildTable({ problems: ['tsp50'], budgets: [1000], reps: 2, out: join(out, 'one'), runner: fakeRunner(one), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    const b = await buildTable({ problems: ['tsp50'], budgets: [1000], reps: 2, out: join(out, 'two'), runner: fakeRunner(two), log: () => {}, evaluateBaseline: fakeBaselineEvaluator(), parallel: 2 });
    expect(two.map((c) => JSON.stringify(c.setting)).sort()).toEqual(one.map((c) => JSON.stringify(c.setting)).sort());
    expect(new Set(two.map((c) => JSON.stringify(c.setting))).size).toBe(two.length);
    expect(b.cells).toEqual(a.cells);
  });

  it('says after each run how many of those left to run have ended and about how long the rest takes', async () => {
    const options = { problems: ['tsp50'], budgets: [1000], reps: 1, scaffolds: ['eoh' as const], out, evaluateBaseline: fakeBaselineEvaluator() };
    // One of the two settings finished earlier: only the other counts as to run.
    writeFakeRun(settingDir(out, { problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, rep: 0 }), {
      problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: DEFAULT_ES_EOH,
    });
    const lines: string[] = [];
    await buildTable({ ...options, runner: fakeRunner([]), log: (line) => lines.push(line) });
    expect(lines.filter((l) => /done in/.test(l))).toEqual([expect.stringMatching(/eoh-b1000-r0: done in \d+\.\d min \(all 1 to run ended\)$/)]);
    rmSync(out, { recursive: true, force: true });
    const more: string[] = [];
    await buildTable({ ...options, reps: 2, runner: fakeRunner([]), log: (line) => more.push(line) });
    const done = more.filter((l) => /done in/.test(l));
    expect(done).toHaveLength(4);
    // Each fake run's summary says 12.5 s for its 1000 samples: three left take 37.5 s one at a time.
    expect(done[0]).toMatch(/\(1 of 4 to run ended; about 37\.5 s left at the finished runs' pace\)$/);
    expect(done[3]).toMatch(/\(all 4 to run ended\)$/);
  });

  it('prices the time left from every finished run in the directory, those of other budgets too', async () => {
    // Budget 1000 ran in an earlier call: EoH and ES+EoH seed 0, 12.5 s each (fake runs), so 0.0125 s a sample.
    for (const es of [false, true]) {
      writeFakeRun(settingDir(out, { problem: 'tsp50', budget: 1000, scaffold: 'eoh', es, rep: 0 }), {
        problem: 'tsp50', budget: 1000, scaffold: 'eoh', es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, ...(es && { esSettings: DEFAULT_ES_EOH }),
      });
    }
    const lines: string[] = [];
    await buildTable({ problems: ['tsp50'], budgets: [2000], reps: 2, scaffolds: ['eoh'], out, runner: fakeRunner([]), log: (line) => lines.push(line), evaluateBaseline: fakeBaselineEvaluator() });
    // After EoH seed 0 at budget 2000 (12.5 s): EoH's pace is 25 s over 3000 samples, so EoH seed 1 takes 16.7 s,
    // and ES+EoH is priced at its own budget-1000 run's pace, 25 s each: 66.7 s (this call's runs alone: 37.5 s).
    expect(lines.find((l) => /done in/.test(l))).toMatch(/\(1 of 4 to run ended; about 66\.7 s left at the finished runs' pace\)$/);
  });

  it('records the machine it ran on in machine.json and names it in the compute section; --from elsewhere says the same', async () => {
    const made = await buildTable({ problems: ['tsp50'], budgets: [1000], reps: 1, out, runner: fakeRunner([]), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    const line = `Run by \`ahd table\` on: ${machineLine(describeMachine())} (machine.json).`;
    expect(JSON.parse(readFileSync(join(out, 'machine.json'), 'utf8'))).toEqual([describeMachine()]);
    expect(made.markdown).toContain(`## Compute\n\n${line}\n`);
    // Running again on the same machine keeps one entry; another machine's record is kept beside it.
    const other = { cpu: 'Other CPU', cores: 64, memoryGiB: 256, os: 'Linux 6.1', node: 'v22.0.0' };
    writeFileSync(join(out, 'machine.json'), JSON.stringify([other, describeMachine()]));
    await buildTable({ problems: ['tsp50'], budgets: [1000], reps: 1, out, runner: fakeRunner([]), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    expect(JSON.parse(readFileSync(join(out, 'machine.json'), 'utf8'))).toEqual([other, describeMachine()]);
    const rebuilt = await buildTable({ from: out, out: join(out, 'copy'), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    expect(rebuilt.markdown).toContain(`Run by \`ahd table\` on: ${machineLine(other)}; ${machineLine(describeMachine())} (machine.json).`);
    expect(readFileSync(join(out, 'copy', 'table.md'), 'utf8')).toBe(readFileSync(join(out, 'table.md'), 'utf8'));
    rmSync(join(out, 'machine.json'));
    const unrecorded = await buildTable({ from: out, out: join(out, 'bare'), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    expect(unrecorded.markdown).toContain('The machine is not recorded');
  });

  it('enumerates problem x budget x scaffold x es x rep with seed = rep', () => {
    const settings = enumerateSettings(['tsp50', 'kp100'], [1000, 2000], 3);
    expect(settings).toHaveLength(2 * 2 * 2 * 2 * 3);
    expect(settings[0]).toEqual({ problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: false, rep: 0 });
    expect(settings[3]).toEqual({ problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, rep: 0 });
    expect(runArguments(settings[3], '/tmp/x', true)).toEqual([
      'run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', '1000', '--seed', '0', '--es', '--out', '/tmp/x', '--resume', '--json',
    ]);
    expect(runArguments(settings[0], '/tmp/y', false, 'models/m')).toEqual([
      'run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', '1000', '--seed', '0', '--model', 'models/m', '--out', '/tmp/y', '--json',
    ]);
  });

  it('runs the methods asked for, the ES controls with --es-mode, each in a directory of its own', () => {
    const settings = enumerateSettings(['tsp50'], [1000], 1, ['eoh', 'eoh-es', 'eoh-noise', 'sample-update'].map((id) => parseMethod(id)!));
    expect(settings.map(settingName)).toEqual(['tsp50-eoh-b1000-r0', 'tsp50-eoh-es-b1000-r0', 'tsp50-eoh-noise-b1000-r0', 'tsp50-sample-update-b1000-r0']);
    expect(runArguments(settings[2], '/tmp/z', false)).toEqual([
      'run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', '1000', '--seed', '0', '--es', '--es-mode', 'noise-only', '--out', '/tmp/z', '--json',
    ]);
  });

  it('restricts the settings to the scaffolds asked for', () => {
    const settings = enumerateSettings(['tsp50'], [1000], 3, tableMethods(['eoh']));
    expect(settings).toHaveLength(2 * 3);
    expect(new Set(settings.map((s) => s.scaffold))).toEqual(new Set(['eoh']));
    expect(settings.filter((s) => s.es)).toHaveLength(3);
  });

  it('runs every setting once, skips finished ones, resumes interrupted ones and survives a failed run', async () => {
    const first: { setting: Setting; resume: boolean }[] = [];
    const options = { problems: ['tsp50'], budgets: [1000], reps: 2, out, log: () => {}, evaluateBaseline: fakeBaselineEvaluator() };
    // One setting was interrupted earlier: its directory holds a config but no summary.
    const interrupted: Setting = { problem: 'tsp50', budget: 1000, scaffold: 'sample', es: true, rep: 1 };
    writeFakeRun(settingDir(out, interrupted), { ...interrupted, seed: 1, train: 0, test: {} }, false);
    const result = await buildTable({
      ...options,
      runner: fakeRunner(first, (s) => s.scaffold === 'eoh' && s.es && s.rep === 0),
    });
    expect(first).toHaveLength(8);
    expect(first.filter((c) => c.resume).map((c) => c.setting)).toEqual([interrupted]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0].message).toBe('model crashed');
    // ES+EoH has only rep 1; its train cell is 10 + 1 - 1.
    const esEoh = result.cells.find((c) => c.scaffold === 'eoh' && c.es && c.split === 'train');
    expect(esEoh?.seeds).toEqual([1]);
    expect(esEoh?.mean).toBe(10);

    const second: { setting: Setting; resume: boolean }[] = [];
    const again = await buildTable({ ...options, runner: fakeRunner(second) });
    expect(second.map((c) => c.setting)).toEqual([{ problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, rep: 0 }]);
    expect(again.failed).toEqual([]);
    expect(again.cells.find((c) => c.scaffold === 'eoh' && c.es && c.split === 'train')?.mean).toBe(9.5);
    // train is not counted; test20 ties (no improvement), test50 ties: 0 of 4.
    expect(again.count).toMatchObject({ improved: 0, settings: 4 });
  });

  it('refuses finished ES runs made with other ES settings than the default, and reuses those made with it', async () => {
    const options = { problems: ['tsp50'], budgets: [1000], reps: 1, scaffolds: ['sample' as const], out, log: () => {}, evaluateBaseline: fakeBaselineEvaluator() };
    const es: Setting = { problem: 'tsp50', budget: 1000, scaffold: 'sample', es: true, rep: 0 };
    writeFakeRun(settingDir(out, es), { ...es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: REFERENCE_ES });
    const calls: { setting: Setting; resume: boolean }[] = [];
    await expect(buildTable({ ...options, runner: fakeRunner(calls) })).rejects.toThrow(/1 finished ES run\(s\) .* ran with other ES settings .*alpha 0\.0005.*--from/);
    expect(calls).toEqual([]);
    // Tabulated as they are, the settings are listed.
    const tabulated = await buildTable({ ...options, from: out, out: join(out, 'table') });
    expect(tabulated.markdown).toContain('## ES settings\n\nES+Sample:\n\n- 1 run: alpha 0.0005, sigma 0.001 -> 0 (cosine), absolute, scope full, z-scores');

    writeFakeRun(settingDir(out, es), { ...es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: DEFAULT_ES });
    await buildTable({ ...options, runner: fakeRunner(calls) });
    expect(calls.map((c) => c.setting)).toEqual([{ ...es, es: false }]);
  });

  it("holds each scaffold's ES runs to that scaffold's default", async () => {
    const options = { problems: ['tsp50'], budgets: [1000], reps: 1, scaffolds: ['eoh' as const], out, log: () => {}, evaluateBaseline: fakeBaselineEvaluator() };
    const es: Setting = { problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, rep: 0 };
    // Sample's default (one direction per EoH candidate) is not EoH's.
    writeFakeRun(settingDir(out, es), { ...es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: DEFAULT_ES });
    await expect(buildTable({ ...options, runner: fakeRunner([]) })).rejects.toThrow(/ran with other ES settings .*alpha 0\.05/);
    writeFakeRun(settingDir(out, es), { ...es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: DEFAULT_ES_EOH });
    const calls: { setting: Setting; resume: boolean }[] = [];
    const table = await buildTable({ ...options, runner: fakeRunner(calls) });
    expect(calls.map((c) => c.setting)).toEqual([{ ...es, es: false }]);
    expect(table.markdown).toContain(`## ES settings\n\nES+EoH:\n\n- 1 run: ${describeEs(DEFAULT_ES_EOH, 'eoh')}\n`);
  });

  it("reuses an ES run whose settings differ from its scaffold's default only in the other scaffold's parameters", async () => {
    const options = { problems: ['tsp50'], budgets: [1000], reps: 1, scaffolds: ['eoh' as const], out, log: () => {}, evaluateBaseline: fakeBaselineEvaluator() };
    const es: Setting = { problem: 'tsp50', budget: 1000, scaffold: 'eoh', es: true, rep: 0 };
    // Common random numbers are Sample's: an EoH+ES run recorded under an older Sample default is the same EoH+ES.
    const olderDefault = { ...DEFAULT_ES_EOH, commonRandomNumbers: !DEFAULT_ES_EOH.commonRandomNumbers };
    writeFakeRun(settingDir(out, es), { ...es, seed: 0, train: 9, test: { test20: 4, test50: 6 }, esSettings: olderDefault });
    const calls: { setting: Setting; resume: boolean }[] = [];
    const table = await buildTable({ ...options, runner: fakeRunner(calls) });
    expect(calls.map((c) => c.setting)).toEqual([{ ...es, es: false }]);
    expect(table.markdown).not.toContain('Its runs mix');
  });

  it('says when the ES runs of a table mix ES settings', async () => {
    const runs = [REFERENCE_ES, DEFAULT_ES].map((esSettings, rep) =>
      writeFakeRun(join(out, 'runs', `r${rep}`), { problem: 'tsp50', budget: 1000, scaffold: 'sample', es: true, seed: rep, train: 9, test: { test20: 4, test50: 6 }, esSettings }),
    );
    expect(runs).toHaveLength(2);
    const table = await buildTable({ from: out, out: join(out, 'table'), log: () => {}, evaluateBaseline: fakeBaselineEvaluator() });
    expect(table.markdown).toContain(`ES+Sample:\n\nIts runs mix 2 settings: its cells do not measure one method.\n\n- 1 run: ${describeEs(REFERENCE_ES, 'sample')}\n- 1 run: ${describeEs(DEFAULT_ES, 'sample')}\n`);
  });

  it('stops at a usage error (every setting would fail the same way)', async () => {
    const calls: Setting[] = [];
    const runner: SettingRunner = async (setting) => {
      calls.push(setting);
      throw usageError('no single bundled model');
    };
    await expect(buildTable({ problems: ['tsp50'], budgets: [1000], reps: 2, out, runner, log: () => {} })).rejects.toThrow(
      'no single bundled model',
    );
    expect(calls).toHaveLength(1);
  });
});
