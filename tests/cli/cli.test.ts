import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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
    expect(stats[0]).toMatchObject({ problem: 'tsp50', split: 'train', count: 64, valid: 64, mean: 7.00437 });
    expect(stats[1]).toMatchObject({ split: 'test20', count: 1000, valid: 1000 });
    const { mean, min, max, std } = stats[1] as { mean: number; min: number; max: number; std: number };
    expect(min).toBeLessThan(mean);
    expect(max).toBeGreaterThan(mean);
    expect(std).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown command', ['evaluate'], /^ahd: unknown command 'evaluate'/],
    ['an unknown flag', ['problems', '--jsn'], /^ahd: unknown option '--jsn'/],
    ['a missing required option', ['eval', '--problem', 'tsp50'], /^ahd: required option '--heuristic <file.js>' not specified/],
    ['an unknown problem', ['eval', '--problem', 'tsp51', '--heuristic', nearest], /^ahd: unknown problem "tsp51"/],
    ['an unknown split', ['eval', '--problem', 'tsp50', '--heuristic', nearest, '--split', 'test7'], /^ahd: --split: unknown split "test7"/],
    ['a missing heuristic file', ['eval', '--problem', 'tsp50', '--heuristic', join(dir, 'none.js')], /^ahd: --heuristic: cannot read/],
  ])('%s is one line on stderr and exit status 2', (_, args, message) => {
    const { status, stdout, stderr } = ahd(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
