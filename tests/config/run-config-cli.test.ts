/**
 * The run config through the real binary (bin/ahd.js): refusals are one line and exit 2, naming the setting as
 * it was given; --help shows what is required and every default.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/config/settings.ts';
import { tempDir } from '../engine/helpers.ts';

const AHD = new URL('../../bin/ahd.js', import.meta.url).pathname;
const ahd = (...args: string[]) => {
  const r = spawnSync(process.execPath, [AHD, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const dir = tempDir('ahd-config-cli-');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('ahd run refuses a bad config with exit 2 and one line', () => {
  it('ES settings without --es, in flags and in a config file', () => {
    const flags = ahd('run', '--problem', 'tsp50', '--scaffold', 'eoh', '--alpha', '0.1', '--sigma', '0.2', '--no-es-crn');
    expect(flags.status).toBe(2);
    expect(flags.stderr).toBe('ahd: --alpha, --sigma, --es-crn: ES settings without ES (add --es, or leave them out)\n');
    const yaml = file('es-off.yaml', 'problem: tsp50\nsearch: {scaffold: eoh}\nes: {alpha: 0.1}\n');
    const fromFile = ahd('run', '--config', yaml);
    expect(fromFile.status).toBe(2);
    expect(fromFile.stderr).toBe(`ahd: ${yaml}: es.alpha: ES settings without ES (add --es, or leave them out)\n`);
  });

  it('a bad value names the flag, or the file and the field', () => {
    const flag = ahd('run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', '10');
    expect([flag.status, flag.stderr]).toEqual([2, 'ahd: --budget: must be an integer from 20 to 1000000\n']);
    const yaml = file('budget.yaml', 'problem: tsp50\nsearch:\n  scaffold: eoh\n  budget: 10\n');
    const fromFile = ahd('run', '--config', yaml);
    expect([fromFile.status, fromFile.stderr]).toEqual([2, `ahd: ${yaml}: search.budget: must be an integer from 20 to 1000000\n`]);
    const json = file('budget.json', JSON.stringify({ problem: 'tsp50', search: { scaffold: 'eoh', budget: 'many' } }));
    expect(ahd('run', '--config', json).stderr).toBe(`ahd: ${json}: search.budget: must be a number\n`);
  });

  it('unknown fields: all named, each with a "did you mean", however long the line', () => {
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`customField${i}`, i]));
    const json = file('unknown.json', JSON.stringify({ problem: 'tsp50', scaffold: 'eoh', search: { budgett: 30 }, ...fields }));
    const r = ahd('run', '--config', json);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toContain('scaffold (did you mean search.scaffold?)');
    expect(r.stderr).toContain('search.budgett (did you mean search.budget?)');
    expect(r.stderr).toContain('customField0, ');
    expect(r.stderr).toContain('customField29');
  });
});

describe('ahd run --help', () => {
  const raw = ahd('run', '--help').stdout;
  const help = raw.replace(/\s+/g, ' ');
  /** The help of each option: its lines from "  --flag" to the next option. */
  const options = raw.split(/\n {2}(?=-)/).map((block) => block.replace(/\s+/g, ' '));

  it('marks --problem and --scaffold required and shows the defaults, the seed 2024 included', () => {
    expect(help).toMatch(/--problem <id\|path> required:/);
    expect(help).toMatch(/--scaffold <name> required:/);
    expect(help).toMatch(/--seed <n> run seed \(default: 2024\)/);
    expect(help).toMatch(/--budget <n> .*\(default: 1000\)/);
    expect(help).toMatch(/--alpha <x> ES step size \(default: 0.05 for Sample, 0.01 for EoH; reference preset 0.0005\)/);
  });

  it('lists every flag of the schema, each with a default', () => {
    for (const s of SETTINGS.filter((s) => s.flag)) {
      const text = options.find((o) => o.startsWith(`${s.flag} `));
      expect(text, s.flag).toBeDefined();
      if (s.path === 'problem' || s.path === 'search.scaffold' || s.path === 'llm.endpoint') continue;
      expect(text, s.flag).toContain('(default: ');
    }
  });
});
