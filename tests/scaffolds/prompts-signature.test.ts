import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listProblems } from '../../src/problems/index.ts';
import { OPERATOR_IDS } from '../../src/core/types.ts';
import { buildPrompt } from '../../src/scaffolds/eoh/operators.ts';
import { compactHeader, compactPrompt } from '../../src/scaffolds/prompts/compact.ts';
import { signatureText } from '../../src/scaffolds/prompts/signature.ts';
import { readModelDir } from '../../src/llm/onnx/index.ts';
import { fixtureCopy } from '../llm/onnx-helpers.ts';

const parent = { description: 'A parent.', code: 'function f() {\n  return 0;\n}' };
const parentsFor = (operator: string) => (operator === 'i1' ? [] : operator.startsWith('e') ? [parent, parent] : [parent]);
/** online-bpp's signature as examples/online-bpp/index.js declares it. */
const onlineBpp = { id: 'online-bpp', fnName: 'priority', params: ['item', 'bins'], outputs: ['scores'], kinds: { bins: 'array', scores: 'array' } } as const;

describe('compact prompt styles', () => {
  it("'compact' (the bundled model's) stays byte-identical: `#<id> <operator>` and the parent blocks", () => {
    for (const problem of listProblems()) {
      for (const operator of OPERATOR_IDS) {
        const parents = parentsFor(operator);
        // The format as the shipped model was trained on it, written out here rather than through compact.ts.
        const expected = [`#${problem.id} ${operator}`, ...parents.map((p) => `<p>{${p.description}}\n${p.code}`)].join('\n');
        expect(buildPrompt('compact', problem, operator, parents)).toEqual([{ role: 'user', content: expected }]);
        expect(compactPrompt({ operator, problem, parents })[0].content).toBe(expected);
      }
    }
  });

  it("'compact-sig' adds the function's signature to the header and changes nothing else", () => {
    const [kp] = listProblems().filter((p) => p.id === 'kp100');
    const sig = buildPrompt('compact-sig', kp, 'm1', [parent])[0].content;
    expect(sig).toBe(`#kp100 m1 selectNextItem(remainingCapacity, weights[], values[]) -> nextItem#\n<p>{A parent.}\n${parent.code}`);
    expect(sig.split('\n').slice(1)).toEqual(buildPrompt('compact', kp, 'm1', [parent])[0].content.split('\n').slice(1));
    expect(compactHeader('compact-sig', onlineBpp, 'i1')).toBe('#online-bpp i1 priority(item, bins[]) -> scores[]');
  });

  it('signatures: kinds as suffixes, bare names where no kind is declared', () => {
    const headers = Object.fromEntries(listProblems().map((p) => [p.id, signatureText(p)]));
    expect(headers).toEqual({
      tsp50: 'selectNextNode(currentNode, destinationNode, unvisitedNodes[], distanceMatrix[][]) -> nextNode',
      kp100: 'selectNextItem(remainingCapacity, weights[], values[]) -> nextItem#',
      asp15: 'priority(el[], n, w) -> priority',
      'aco-tsp50': 'heuristics(distanceMatrix[][]) -> heuristicsMatrix[][]',
      'aco-cvrp50': 'heuristics(distanceMatrix[][], coordinates[][], demands[], capacity) -> heuristicsMatrix[][]',
      'aco-bpp500': 'heuristics(demand[], capacity) -> heuristicsMatrix[][]',
    });
    expect(signatureText({ ...onlineBpp, kinds: undefined })).toBe('priority(item, bins) -> scores');
    expect(signatureText({ ...onlineBpp, outputs: [] })).toBe('priority(item, bins[])');
  });

  it("a model dir's config selects 'compact-sig'; an unknown style names the known ones", () => {
    const dir = fixtureCopy();
    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact-sig' }));
    expect(readModelDir(dir).promptStyle).toBe('compact-sig');
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, ahd_prompt_style: 'compact-signature' }));
    expect(() => readModelDir(dir)).toThrow(/'reference', 'compact', 'compact-sig'/);
  });
});
