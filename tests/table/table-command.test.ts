import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/ground/rng.ts';
import { writeFakeRun } from './fake-runs.ts';

const AHD = join(import.meta.dirname, '..', '..', 'bin', 'ahd.js');
const root = mkdtempSync(join(tmpdir(), 'ahd-table-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ahd = (...args: string[]) => spawnSync(process.execPath, [AHD, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('ahd table (command line)', () => {
  it('prints the Markdown table built --from finished runs and writes it to --out', () => {
    for (const es of [false, true]) {
      for (const seed of [0, 1]) {
        const test = { test20: es ? 4.1 : 4.2 + seed / 10, test50: 6.5 };
        writeFakeRun(join(root, 'runs', `eoh-${es}-${seed}`), { problem: 'tsp50', scaffold: 'eoh', es, budget: 1000, seed, train: 6.6, test });
      }
    }
    // The baselines as an earlier build kept them beside the runs: nothing to evaluate.
    const baselines = ['nearest-neighbour', 'farthest-insertion'].flatMap((baseline, b) =>
      ['train', 'test20', 'test50'].map((split, s) => ({ problem: 'tsp50', split, baseline, mean: 5 + b + s / 10, count: 64, valid: 64, evalSeed: deriveSeed(0, 'eval') })),
    );
    writeFileSync(join(root, 'runs', 'baselines.json'), JSON.stringify(baselines));
    const out = join(root, 'out');
    const result = ahd('table', '--from', join(root, 'runs'), '--out', out);
    expect(result.stderr).toContain('ES improves on its matched baseline in 1 of 2 settings');
    expect(result.stderr).not.toContain('evaluating baseline');
    expect(result.stderr).toContain(`${join(out, 'baselines.json')}\n`);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('| tsp50 | test20 | 1000 | 4.2500 ± 0.0707 | **4.1000 ± 0.0000** | - | - |');
    expect(result.stdout).toContain('| reference (paper) | test20 | 1000 | 4.2481 | 4.2107 | - | - |');
    expect(result.stdout).toContain('| baseline: farthest-insertion | test50 | - | 6.2000 | | | |');
    expect(readFileSync(join(out, 'table.md'), 'utf8')).toBe(result.stdout);
    expect(JSON.parse(readFileSync(join(out, 'baselines.json'), 'utf8'))).toHaveLength(6);

    // The table directory holds no runs: ahd report reports the runs its table.json lists.
    const report = ahd('report', out);
    expect({ status: report.status, stdout: report.stdout, stderr: report.stderr }).toEqual({ status: 0, stdout: `${join(out, 'report.html')}\n`, stderr: '' });
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('ES+EoH');
    rmSync(join(root, 'runs', 'eoh-true-1'), { recursive: true });
    const gone = ahd('report', out);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toBe(
      `ahd: ${out} is a table of runs elsewhere, and its run ${join(root, 'runs', 'eoh-true-1')} is not there (finished): report the directory the table was built --from\n`,
    );
  });

  it('rejects unknown problem ids and malformed budgets with one usage line (exit 2)', () => {
    const unknown = ahd('table', '--from', root, '--problems', 'tsp50,tsp51', '--out', join(root, 'bad'));
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^ahd: unknown problem "tsp51" \(known: [^\n]*\)\n$/);
    const budgets = ahd('table', '--from', root, '--budgets', '1000,lots');
    expect(budgets.status).toBe(2);
    expect(budgets.stderr).toMatch(/^ahd: --budgets: expected comma-separated integers[^\n]*\n$/);
    const scaffolds = ahd('table', '--from', root, '--scaffolds', 'eoh,funsearch');
    expect(scaffolds.status).toBe(2);
    expect(scaffolds.stderr).toMatch(/^ahd: --scaffolds: expected scaffolds among eoh, sample\n$/);
  });
});
