import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs the real binary (bin/ahd.js) and returns its exit status and output. */
function ahd(...args: string[]) {
  const result = spawnSync(process.execPath, ['bin/ahd.js', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'ahd-cli-'));
const nearest = join(dir, 'nearest.js');
writeFileSync(nearest, 'export function selectNextNode(c, d, unvisited, m) {\n  return unvisited[0];\n}\nexport default selectNextNode;\n');

describe('ahd CLI', () => {
  it('ahd problems --json lists the six tasks', () => {
    const { status, stdout } = ahd('problems', '--json');
    expect(status).toBe(0);
    const problems = JSON.parse(stdout) as { id: string; testSplits: string[] }[];
    expect(problems.map((p) => p.id)).toEqual(['tsp50', 'kp100', 'asp15', 'aco-tsp50', 'aco-cvrp50', 'aco-bpp500']);
    expect(problems[0].testSplits).toEqual(['test20', 'test50']);
  });

  it('ahd eval --json prints one object per split, in the natural sign', () => {
    const { status, stdout } = ahd('eval', '--problem', 'tsp50', '--heuristic', nearest, '--split', 'train', 'test20', '--json');
    expect(status).toBe(0);
    const stats = JSON.parse(stdout) as Record<string, unknown>[];
    expect(stats.map((s) => Object.keys(s))).toEqual(Array(2).fill(['problem', 'split', 'count', 'valid', 'mean', 'std', 'min', 'max']));
    expect(stats[0]).toMatchObject({ problem: 'tsp50', split: 'train', count: 64, valid: 64 });
    // Full precision in JSON (the reference's rounded 7.00437 is the text output's).
    const trainMean = stats[0].mean as number;
    expect(Math.abs(trainMean - 7.00437)).toBeLessThan(5e-6);
    expect(trainMean).not.toBe(7.00437);
    expect(stats[1]).toMatchObject({ split: 'test20', count: 1000, valid: 1000 });
    const { mean, min, max, std } = stats[1] as { mean: number; min: number; max: number; std: number };
    expect(min).toBeLessThan(mean);
    expect(max).toBeGreaterThan(mean);
    expect(std).toBeGreaterThan(0);
  });

  it('ahd eval prints its statistics with fixed decimals (5), trailing zeros kept', () => {
    const { status, stdout } = ahd('eval', '--problem', 'tsp50', '--heuristic', nearest, '--split', 'train');
    expect(status).toBe(0);
    const row = stdout.trim().split('\n')[1].split(/\s+/);
    expect(row.slice(0, 4)).toEqual(['tsp50', 'train', '64', '64']);
    for (const value of row.slice(4)) expect(value).toMatch(/^\d+\.\d{5}$/);
    expect(row[4]).toBe('7.00437');
  });

  it('ahd eval prints the statistics and exits 1 when a split has no valid instance', () => {
    const broken = join(dir, 'broken.js');
    writeFileSync(broken, 'function selectNextNode(c, d, unvisited, m) {\n  return -1;\n}\n');
    const { status, stdout, stderr } = ahd('eval', '--problem', 'tsp50', '--heuristic', broken, '--split', 'train', '--json');
    expect(status).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject([{ split: 'train', valid: 0, mean: null }]);
    expect(stderr).toMatch(/^ahd: no valid instance on train \(the heuristic failed there: see above\)$/m);
  });

  it.each([
    ['an unknown command', ['evaluate'], /^ahd: unknown command 'evaluate'/],
    ['an unknown flag', ['problems', '--jsn'], /^ahd: unknown option '--jsn'/],
    ['a missing required option', ['eval', '--problem', 'tsp50'], /^ahd: required option '--heuristic <file.js>' not specified/],
    ['an unknown problem', ['eval', '--problem', 'tsp51', '--heuristic', nearest], /^ahd: unknown problem "tsp51"/],
    ['an unknown split', ['eval', '--problem', 'tsp50', '--heuristic', nearest, '--split', 'test7'], /^ahd: --split: unknown split "test7"/],
    ['a seed that is not an integer (one wording for integers)', ['eval', '--problem', 'tsp50', '--heuristic', nearest, '--seed', '1.5'], /^ahd: --seed: must be an integer$/m],
    ['a missing heuristic file', ['eval', '--problem', 'tsp50', '--heuristic', join(dir, 'none.js')], /^ahd: --heuristic: cannot read/],
  ])('%s is one line on stderr and exit status 2', (_, args, message) => {
    const { status, stdout, stderr } = ahd(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('a file as ahd run --out, a directory as ahd export --out, and a missing --model are usage errors (exit 2)', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const run = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--budget', '20', '--out', file);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^ahd: --out: .*a-file is a file, not a directory\n$/);
    const model = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--budget', '20', '--model', join(dir, 'no-model'), '--out', join(dir, 'r'));
    expect(model.status).toBe(2);
    expect(model.stderr).toMatch(/^ahd: model dir .*no-model not found\n$/);
    const empty = mkdtempSync(join(dir, 'empty-model-'));
    const notModel = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--budget', '20', '--model', empty, '--out', join(dir, 'r2'));
    expect(notModel.status).toBe(2);
    expect(notModel.stderr).toBe(`ahd: ${join(empty, 'model.onnx')} not found (not a model directory?)\n`);
    const exported = ahd('export', new URL('../fixtures/run-dir', import.meta.url).pathname, '--out', dir);
    expect(exported.status).toBe(2);
    expect(exported.stderr).toMatch(/^ahd: --out .* is a directory: name the file to write\n$/);
  });

  it.each(['100000000', '1e12'])('ahd run --budget %s is refused before anything runs (exit 2, the limit named)', (budget) => {
    const out = join(dir, `huge-${budget}`);
    const r = ahd('run', '--problem', 'tsp50', '--scaffold', 'eoh', '--budget', budget, '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('ahd: --budget: must be an integer from 20 to 1000000\n');
    expect(existsSync(out)).toBe(false);
  });

  it('ahd run --llm openai with nothing at the endpoint fails at once (exit 2) and leaves no run behind', () => {
    const out = join(dir, 'unreachable');
    const r = ahd('run', '--problem', 'tsp50', '--scaffold', 'sample', '--budget', '20', '--llm', 'openai', '--endpoint', 'http://127.0.0.1:59999', '--model', 'm', '--out', out);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^ahd: --endpoint http:\/\/127\.0\.0\.1:59999: cannot reach the server \(ECONNREFUSED\)\n$/);
    expect(existsSync(join(out, 'config.json'))).toBe(false);
  });
});
