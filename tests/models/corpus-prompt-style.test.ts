import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/ground/rng.ts';
import { getProblem } from '../../src/problems/index.ts';
import { PROBLEM_IDS } from '../../src/problems/types.ts';
import { OPERATOR_IDS } from '../../src/core/types.ts';
import { GRAMMARS } from '../../models/recipe/corpus/grammars.ts';
import { randomGenome } from '../../models/recipe/corpus/genome.ts';
import { toExample } from '../../models/recipe/corpus/examples.ts';
import { signatureText } from '../../src/scaffolds/prompts/signature.ts';

// What generate.ts --prompt-style changes: the header line of each example, nothing else (no sandbox needed: the
// programs here are rendered, not validated).
describe.each(PROBLEM_IDS)('corpus examples of %s in both compact styles', (id) => {
  it('share parents and answer; the compact-sig header is the compact one plus the signature', () => {
    const grammar = GRAMMARS[id];
    const rng = createRng(`style:${id}`);
    const program = () => {
      const genome = randomGenome(grammar, rng);
      return { genome, ...grammar.render(genome) };
    };
    const [a, b, child] = [program(), program(), program()];
    for (const operator of OPERATOR_IDS) {
      const parents = operator === 'i1' ? [] : operator.startsWith('e') ? [a, b] : [a];
      const plain = toExample('compact', getProblem(id), operator, parents, child);
      const sig = toExample('compact-sig', getProblem(id), operator, parents, child);
      expect(plain.answer).toBe(sig.answer);
      const [plainHead, ...plainRest] = plain.prompt.split('\n');
      const [sigHead, ...sigRest] = sig.prompt.split('\n');
      expect(plainHead).toBe(`#${id} ${operator}`);
      expect(sigHead).toBe(`#${id} ${operator} ${signatureText(getProblem(id))}`);
      expect(sigRest).toEqual(plainRest);
    }
  });
});
