import { afterAll, describe, expect, it } from 'vitest';
import { PROBLEM_IDS } from '../../src/problems/types.ts';
import { createRng } from '../../src/ground/rng.ts';
import { GRAMMARS } from '../../models/recipe/corpus/grammars.ts';
import { cross, explore, mutate, randomGenome, reparam, withFeature } from '../../models/recipe/corpus/genome.ts';
import { CHECK_DATA, createSandboxValidator } from '../../models/recipe/corpus/validate.ts';
import { getProblem } from '../../src/problems/index.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import { planLines } from '../../models/recipe/corpus/tsp-lookahead.ts';

const CHECK_TEST_TIMEOUT_MS = 60_000;

/**
 * Every building block of every grammar (each feature in each of its shapes, under each form), and what the EoH
 * operator edits make of a program holding it, must be code the real sandbox accepts: the corpus keeps only valid
 * programs, so an invalid block would silently vanish from it (or cost retries) instead of failing here.
 */
// A long wall-clock limit: these tests check validity, and a loaded machine stretches milliseconds of work into
// seconds (tsp50's look-ahead programs take about 10 ms on the two check instances, 0.5 s on the full train split).
const validator = createSandboxValidator(1, CHECK_TEST_TIMEOUT_MS);
afterAll(() => validator.close());

/** The code's words in order (names, keywords): equal for m2's child, whose numbers and signs alone may change. */
const words = (code: string) => (code.match(/[A-Za-z_$][\w$]*/g) ?? []).join(' ');

describe.each(PROBLEM_IDS)('corpus building blocks of %s', (problem) => {
  const grammar = GRAMMARS[problem];
  const blocks = grammar.features.flatMap((f) => f.shapes.map((shape) => ({ id: f.id, shape })));

  it.each(blocks)('$id ($shape) renders valid code, and m1/m2/e1/e2 edits of it stay valid', async ({ id, shape }) => {
    const rng = createRng(`blocks:${problem}:${id}:${shape}`);
    const forms = grammar.forms.map((form) => form.id);
    for (const form of forms) {
      const base = { ...randomGenome(grammar, rng), form, c: grammar.forms.find((f) => f.id === form)!.constants(rng) };
      const a = withFeature(grammar, base, id, shape, rng);
      const b = withFeature(grammar, randomGenome(grammar, rng), id, shape, rng);
      expect(a.genes.some((gene) => gene.f === id && gene.s === shape)).toBe(true);
      const m2 = reparam(grammar, a, rng);
      const children = { parent: a, m2, m1: mutate(grammar, a, rng), e2: cross(grammar, a, b, rng), e1: explore(grammar, a, b, rng) };
      for (const [name, genome] of Object.entries(children)) {
        const { code, description } = grammar.render(genome);
        expect(description.length, `${name}: description`).toBeGreaterThan(10);
        expect(await validator.validate(problem, code), `${name} (${form}):\n${code}`).toBe(true);
      }
      // m2 changes numbers only: the code's structure is the parent's.
      expect(words(grammar.render(m2).code)).toBe(words(grammar.render(a).code));
    }
  }, 600_000); // minutes only on a loaded machine: the sandbox checks are milliseconds of work each
});

describe('the tsp50 look-ahead block', () => {
  it('with farthest insertion and no passes follows the farthest-insertion baseline tour for tour', async () => {
    // The block is written tersely for the model's context; this pins that the terse code still plans what it says.
    const code = [
      'function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {',
      '  const D = distanceMatrix;',
      ...planLines({ f: 'plan', s: 'far', k: 0, w: 1 }),
      '  return planned;',
      '}',
    ].join('\n');
    const pool = new SandboxPool({ threads: 1 });
    try {
      const evaluate = (candidate: string) =>
        pool.evaluate({ problem: 'tsp50', split: 'train', code: candidate, seed: 0, timeoutMs: CHECK_TEST_TIMEOUT_MS, dataDir: `${CHECK_DATA}tsp50` });
      const [plan, baseline] = await Promise.all([evaluate(code), evaluate(getProblem('tsp50').baselines['farthest-insertion'])]);
      expect(plan.status).toBe('ok');
      expect(plan.status === 'ok' && baseline.status === 'ok' && plan.values).toEqual(baseline.status === 'ok' && baseline.values);
    } finally {
      await pool.close();
    }
  }, 120_000);
});
