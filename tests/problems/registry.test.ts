import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { getProblem, listProblems } from '../../src/problems/index.ts';
import { PROBLEM_IDS } from '../../src/problems/types.ts';
import { AhdError } from '../../src/errors.ts';
import { evaluateNative } from '../../src/sandbox/native.ts';

describe('problem registry', () => {
  it('lists registered problems with known, unique ids', () => {
    const ids = listProblems().map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['tsp50', 'kp100', 'asp15']));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(PROBLEM_IDS).toContain(id);
  });

  it('finds a problem by id and rejects unknown ids with a usage error', () => {
    expect(getProblem('kp100').fnName).toBe('selectNextItem');
    try {
      getProblem('tsp51');
      throw new Error('expected a usage error');
    } catch (error) {
      expect(error).toBeInstanceOf(AhdError);
      expect((error as AhdError).code).toBe('usage');
      expect((error as AhdError).message).toMatch(/^unknown problem "tsp51" \(known: tsp50, kp100, asp15/);
    }
  });
});

describe.each(listProblems().filter((p) => p.kind === 'construct'))('$id definition', (problem) => {
  it('has a train split in search mode, test splits in test mode, and default test splits among them', () => {
    const train = problem.splits.find((s) => s.name === 'train');
    expect(train?.mode).toBe('search');
    for (const s of problem.splits) if (s.name !== 'train') expect(s.mode).toBe('test');
    for (const name of problem.testSplits) expect(problem.splits.map((s) => s.name)).toContain(name);
    expect(problem.invalidPolicy('search')).toBe('candidate');
    expect(problem.invalidPolicy('test')).toBe('drop');
  });

  it('loads every split with the declared count, and rejects unknown splits', () => {
    for (const spec of problem.splits) expect(problem.loadSplit(spec.name)).toHaveLength(spec.count);
    expect(() => problem.loadSplit('test999')).toThrow(/unknown split "test999" for/);
  });

  it('seed and baselines declare the named function and evaluate validly on a train prefix', () => {
    const codes = [problem.seedCode, ...Object.values(problem.baselines)];
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^function ${problem.fnName}\\(${problem.params.join(', ')}\\)`));
    }
    for (const code of Object.values(problem.baselines)) {
      expect(evaluateNative(problem, 'train', code, { seed: 0, instances: 4 }).status).toBe('ok');
    }
  });

  it('has a harness script whose only global is solve', () => {
    const context: Record<string, unknown> = {};
    runInNewContext(problem.harnessSource, context);
    expect(Object.keys(context)).toEqual(['solve']);
    expect(typeof context.solve).toBe('function');
  });

  it('has prompt texts that speak JavaScript, not NumPy', () => {
    expect(problem.taskText.length).toBeGreaterThan(100);
    expect(problem.ioText).toMatch(/JavaScript/);
    expect(`${problem.taskText} ${problem.ioText}`).not.toMatch(/numpy|np\./i);
    for (const p of problem.params) expect(problem.ioText).toContain(`'${p}'`);
  });
});
