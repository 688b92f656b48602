import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { Individual } from '../../../src/core/types.ts';
import { bestSource, parseBestSource, readRunBest } from '../../../src/engine/run-dir/best-file.ts';
import { getProblem } from '../../../src/problems/index.ts';

const root = mkdtempSync(join(tmpdir(), 'ahd-best-file-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tsp50 = getProblem('tsp50');
const kp100 = getProblem('kp100');
const individual = (id: number, objective: number): Individual => ({
  id,
  description: 'nearest   unvisited\nnode first',
  code: 'function selectNextNode(c, d, unvisited, m) {\n  return unvisited[0];\n}\n\n',
  objective,
  operator: 'e2',
  parents: [1, 2],
});

describe('best.js', () => {
  it('reads back what bestSource wrote: generation, candidate, operator, printed objective, idea, code', () => {
    expect(parseBestSource(bestSource(tsp50, 7, individual(42, 6.25)), 'best.js')).toEqual({
      generation: 7,
      id: 42,
      operator: 'e2',
      objective: '6.25000',
      description: 'nearest unvisited node first',
      code: individual(42, 6.25).code,
    });
    // A maximised task's objective is written in its natural sign.
    expect(parseBestSource(bestSource(kp100, 1, individual(3, -40.5)), 'best.js').objective).toBe('40.50000');
  });

  it('names a best.js it did not write', () => {
    expect(() => parseBestSource('function f() {}\n', '/r/best.js')).toThrow(/^\/r\/best\.js: not a best\.js ahd wrote/);
  });

  it("takes a packed run's last population snapshot over its best.js, and best.js without snapshots", () => {
    const study = join(root, 'study');
    mkdirSync(study);
    const snapshot = (generation: number, best: Individual) =>
      new TextEncoder().encode(JSON.stringify({ generation, total: 3, samples: 9, valid: 9, population: [best] }));
    const text = (s: string) => new TextEncoder().encode(s);
    writeFileSync(
      join(study, 'runs.zip'),
      zipSync({
        'runs/full/best.js': text(bestSource(tsp50, 0, individual(1, 7))),
        'runs/full/population/gen-000.json': snapshot(0, individual(1, 7)),
        'runs/full/population/gen-002.json': snapshot(2, individual(8, 6)),
        'runs/packed/best.js': text(bestSource(tsp50, 2, individual(8, 6))),
        'runs/empty/config.json': text('{}'),
      }),
    );
    const fromSnapshot = readRunBest(join(study, 'runs', 'full'), tsp50);
    expect(fromSnapshot).toMatchObject({ generation: 2, total: 3, id: 8, objective: '6.00000' });
    const fromBest = readRunBest(join(study, 'runs', 'packed'), tsp50);
    // best.js keeps the idea on one line, as export prints it.
    expect(fromBest).toEqual({ ...fromSnapshot, total: undefined, description: 'nearest unvisited node first' });
    expect(readRunBest(join(study, 'runs', 'empty'), tsp50)).toBeUndefined();
  });
});
