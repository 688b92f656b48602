import { describe, expect, it } from 'vitest';
import { defineProblem, type ProblemDefinition } from '../../src/problems/define.ts';

/** A minimal definition: only its prompt fields matter here. */
const base: ProblemDefinition = {
  id: 'pick-bin',
  title: 'A test problem',
  sense: 'min',
  fnName: 'priority',
  params: ['item', 'bins'],
  outputs: ['scores'],
  taskText: 'Score the bins.',
  ioText: 'item: a number; bins: an array.',
  seedCode: 'function priority(item, bins) {\n  return bins.map(() => 0);\n}',
  splits: [{ name: 'train', mode: 'search', count: 1, size: 1 }],
  loadSplit: () => [{ input: {}, data: {} }],
  harness: 'function solve() { return []; }',
  score: () => 0,
};

describe('defineProblem: the optional kinds of params and outputs', () => {
  it('are optional: a definition without them has none (what existing problems get)', () => {
    expect(defineProblem(base)).not.toHaveProperty('kinds');
  });

  it('pass through as declared', () => {
    const kinds = { bins: 'array', scores: 'array' } as const;
    expect(defineProblem({ ...base, kinds }).kinds).toEqual(kinds);
  });

  it('refuse an unknown kind and a name that is neither a param nor an output', () => {
    expect(() => defineProblem({ ...base, kinds: { bins: 'list' } } as never)).toThrow(/^problem definition: kinds\.bins/);
    expect(() => defineProblem({ ...base, kinds: { bin: 'array' } })).toThrow(/kinds names "bin", which is not one of params or outputs/);
  });
});
