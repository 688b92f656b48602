import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/problems/types.ts';
import { referencePrompt } from '../../src/scaffolds/prompts/reference.ts';
import { OPERATOR_IDS, type OperatorId } from '../../src/core/types.ts';
import type { PromptParent } from '../../src/scaffolds/prompts/types.ts';

// Only the fields a prompt reads; the rest of Problem is irrelevant here.
const problem = {
  id: 'tsp50',
  fnName: 'selectNextNode',
  params: ['currentNode', 'destinationNode', 'unvisitedNodes', 'distanceMatrix'],
  outputs: ['nextNode'],
  taskText: 'TASK: build a short closed tour one node at a time.',
  ioText: 'IO: distanceMatrix is an array of arrays; return the id of an unvisited node.',
} as unknown as Problem;

const A: PromptParent = { description: 'Nearest neighbour {with ties}.', code: 'function selectNextNode(c, d, u, m) {\n  return u[0];\n}' };
const B: PromptParent = { description: 'Farthest first.', code: 'function selectNextNode(c, d, u, m) {\n  return u[u.length - 1]; // {slot}-like text stays\n}' };
const PARENTS: Record<OperatorId, PromptParent[]> = { i1: [], e1: [A, B], e2: [A, B], m1: [A], m2: [B] };

const IMPLEMENT =
  "implement it in JavaScript as a function declaration named selectNextNode. The function takes 4 inputs: 'currentNode', " +
  "'destinationNode', 'unvisitedNodes', 'distanceMatrix', and returns 1 output: 'nextNode'. IO: distanceMatrix is an array of " +
  'arrays; return the id of an unvisited node.\nUse plain JavaScript only (no import, require or TypeScript types). Give no further explanation.';

const prompt = (operator: OperatorId) => referencePrompt({ operator, problem, parents: PARENTS[operator] });

describe('reference prompts', () => {
  for (const operator of OPERATOR_IDS) {
    it(`${operator}: one user message, task first, parents shown, common tail last`, () => {
      const messages = prompt(operator);
      expect(messages).toHaveLength(1);
      expect(messages[0].role).toBe('user');
      const text = messages[0].content;
      expect(text.startsWith('TASK: build a short closed tour')).toBe(true);
      expect(text.endsWith(IMPLEMENT)).toBe(true);
      expect(text).toMatch(/describe your new algorithm and its main steps in one sentence, written inside curly braces/);
      for (const parent of PARENTS[operator]) {
        expect(text).toContain(parent.description);
        expect(text).toContain(parent.code);
      }
      expect(text).not.toMatch(/\{(task|tail|implement|parents?|fnName|inputs|outputs|ioText|code|description)\}/);
    });
  }

  it('i1 shows no algorithm; e1/e2 number two; m1/m2 show one', () => {
    expect(prompt('i1')[0].content).not.toContain('Algorithm');
    for (const op of ['e1', 'e2'] as const) {
      const text = prompt(op)[0].content;
      expect(text).toContain('Here are 2 existing algorithms');
      expect(text.indexOf('Algorithm 1: Nearest neighbour')).toBeLessThan(text.indexOf('Algorithm 2: Farthest first.'));
    }
    expect(prompt('m1')[0].content).toContain('Algorithm description: Nearest neighbour {with ties}.\nCode:\nfunction selectNextNode');
  });

  it('each operator asks for something different', () => {
    expect(prompt('e1')[0].content).toMatch(/completely different from each of the algorithms above/);
    expect(prompt('e2')[0].content).toMatch(/backbone idea[\s\S]*Second,[\s\S]*Third, implement it/);
    expect(prompt('m1')[0].content).toMatch(/modified version of the algorithm above/);
    expect(prompt('m2')[0].content).toMatch(/main parameters of the algorithm above/);
    expect(new Set(OPERATOR_IDS.map((op) => prompt(op)[0].content)).size).toBe(5);
  });

  it('words a single input and output in the singular', () => {
    const aco = { ...problem, fnName: 'heuristics', params: ['distanceMatrix'], outputs: ['heuristicsMatrix'] } as Problem;
    const text = referencePrompt({ operator: 'i1', problem: aco, parents: [] })[0].content;
    expect(text).toContain("named heuristics. The function takes 1 input: 'distanceMatrix', and returns 1 output: 'heuristicsMatrix'.");
  });

  it('refuses a wrong number of parents', () => {
    expect(() => referencePrompt({ operator: 'm1', problem, parents: [A, B] })).toThrow(/m1 got 2 parent/);
    expect(() => referencePrompt({ operator: 'e1', problem, parents: [A] })).toThrow(/e1 got 1 parent/);
    expect(() => referencePrompt({ operator: 'i1', problem, parents: [A] })).toThrow(/i1 got 1 parent/);
  });
});
