import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../src/ground/rng.ts';
import { getProblem, loadProblem } from '../../src/problems/index.ts';
import { SandboxPool } from '../../src/sandbox/pool.ts';
import type { PromptSignature } from '../../src/scaffolds/prompts/signature.ts';
import { cross, explore, mutate, randomGenome, reparam, type TaskGrammar } from '../../models/recipe/corpus/genome.ts';
import { genericGrammar } from '../../models/recipe/corpus/generic.ts';
import { randomSignature } from '../../models/recipe/corpus/synthetic.ts';
import { toExample } from '../../models/recipe/corpus/examples.ts';

/** examples/online-bpp's harness, scorer and signature on 2 x 300 of its train items (the fixture says why). */
const ONLINE_BPP = fileURLToPath(new URL('../fixtures/online-bpp-small/', import.meta.url));

/** A program and the five operator edits of it, as the corpus would draw them. */
function programs(grammar: TaskGrammar, rng: Rng) {
  const a = randomGenome(grammar, rng);
  const b = randomGenome(grammar, rng);
  const genomes = [a, b, reparam(grammar, a, rng), mutate(grammar, a, rng), cross(grammar, a, b, rng), explore(grammar, a, b, rng)];
  return genomes.map((g) => grammar.render(g));
}

/** Calls the rendered function on random inputs of the declared kinds (arrays share one length) and checks the output's shape. */
function checkRuns(sig: PromptSignature, code: string, rng: Rng): void {
  const fn = new Function(`${code}\nreturn ${sig.fnName};`)() as (...args: unknown[]) => unknown;
  for (let trial = 0; trial < 5; trial++) {
    const length = 1 + rng.int(8);
    const args = sig.params.map((p) => (sig.kinds?.[p] === 'array' ? Array.from({ length }, () => rng.int(101)) : 1 + rng.int(100)));
    const out = fn(...args);
    const kind = sig.kinds?.[sig.outputs[0]] ?? 'number';
    if (kind === 'array') {
      expect(Array.isArray(out) && out.length === length && out.every(Number.isFinite), code).toBe(true);
    } else if (kind === 'index') {
      expect(Number.isInteger(out) && (out as number) >= 0 && (out as number) < length, code).toBe(true);
    } else {
      expect(Number.isFinite(out), code).toBe(true);
    }
  }
}

describe('the generic grammar on synthetic signatures', () => {
  it('draws seeded signatures of every output kind with plausible, distinct names', () => {
    const draw = (seed: string) => Array.from({ length: 40 }, (_, i, rng = createRng(`${seed}:${i}`)) => randomSignature(rng));
    const sigs = draw('sig');
    expect(draw('sig')).toEqual(sigs);
    const kinds = new Set(sigs.map((s) => s.kinds?.[s.outputs[0]] ?? 'number'));
    expect([...kinds].sort()).toEqual(['array', 'index', 'number']);
    for (const s of sigs) {
      expect(new Set([...s.params, ...s.outputs]).size, JSON.stringify(s)).toBe(s.params.length + s.outputs.length);
      expect(s.id).toMatch(/^[a-z]+-[a-z]+$/);
    }
  });

  it('writes programs that run and return the declared shape, for a program and every operator edit', () => {
    for (let i = 0; i < 40; i++) {
      const rng = createRng(`generic:${i}`);
      const sig = randomSignature(rng);
      for (const { code, description } of programs(genericGrammar(sig), rng)) {
        expect(code.startsWith(`function ${sig.fnName}(${sig.params.join(', ')}) {`)).toBe(true);
        expect(description).toMatch(/\.$/);
        checkRuns(sig, code, rng);
      }
    }
  });

  it("keeps the basic draws (ahd-heuristic-lm-2's corpus) and widens them on request", () => {
    // Pinned: the basic signatures are the shipped corpus's, so its recipe must keep drawing them.
    const rng = createRng('basic-pin');
    expect([randomSignature(rng), randomSignature(rng)]).toEqual([
      { id: 'online-bin', fnName: 'rankTimes', params: ['threshold', 'times'], outputs: ['ranks'], kinds: { times: 'array', ranks: 'array' } },
      { id: 'grid-job', fnName: 'priority', params: ['costs'], outputs: ['values'], kinds: { costs: 'array', values: 'array' } },
    ]);
    const wide = Array.from({ length: 200 }, (_, i) => randomSignature(createRng(`wide:${i}`), { maxArrays: 3, names: 'wide' }));
    const arrays = (s: PromptSignature) => s.params.filter((p) => s.kinds?.[p] === 'array');
    expect(Math.max(...wide.map((s) => arrays(s).length))).toBe(3);
    const names = new Set(wide.flatMap((s) => s.params));
    expect(names.size).toBeGreaterThan(300); // the basic pools hold 28 names in all
    expect([...names].some((n) => /^[a-z]+[A-Z][a-z]+$/.test(n))).toBe(true); // camelCase compounds
    for (const s of wide) {
      expect(new Set([...s.params, ...s.outputs]).size, JSON.stringify(s)).toBe(s.params.length + s.outputs.length);
      const rng = createRng(`wide-programs:${s.id}`);
      for (const { code } of programs(genericGrammar(s), rng)) checkRuns(s, code, rng);
    }
  });

  it('mixes wide names with made-up words that run as parameters', () => {
    const mixed = Array.from({ length: 200 }, (_, i) => randomSignature(createRng(`mixed:${i}`), { maxArrays: 3, names: 'mixed' }));
    const names = [...new Set(mixed.flatMap((s) => s.params))];
    const madeUp = names.filter((n) => /^(?:[bdfgklmnprstvz][aeiou]){2,3}(?:[BDFGKLMNPRSTVZ][aeiou](?:[bdfgklmnprstvz][aeiou]){1,2})?$/.test(n));
    expect(madeUp.length).toBeGreaterThan(100);
    expect(names.length - madeUp.length).toBeGreaterThan(100); // the wide half
    for (const s of mixed.slice(0, 40)) {
      const rng = createRng(`mixed-programs:${s.id}`);
      for (const { code } of programs(genericGrammar(s), rng)) checkRuns(s, code, rng);
    }
  });

  it('refuses what it does not cover, saying why', () => {
    expect(() => genericGrammar(getProblem('aco-tsp50'))).toThrow(/matrix output/);
    expect(() => genericGrammar({ id: 'x', fnName: 'f', params: ['x', 'bins'], outputs: ['s'], kinds: { bins: 'array' } })).toThrow(/shadowed/);
    expect(() => genericGrammar({ id: 'x', fnName: 'f', params: ['n'], outputs: ['s'], kinds: { s: 'array' } })).toThrow(/needs an array parameter/);
  });
});

describe("the generic grammar on examples/online-bpp's signature, in the real sandbox", () => {
  const pool = new SandboxPool({ threads: 1, shareResults: false });
  afterAll(() => pool.close());

  it('programs written from the signature alone are ok on the train split', async () => {
    const problem = await loadProblem(ONLINE_BPP);
    // What the grammar sees is the signature a compact-sig header shows: fnName, params, outputs and their kinds.
    expect(problem.kinds).toEqual({ bins: 'array', scores: 'array' });
    const sig = { id: 'online-bpp', fnName: problem.fnName, params: problem.params, outputs: problem.outputs, kinds: problem.kinds };
    const written = programs(genericGrammar(sig), createRng('online-bpp')).slice(0, 4);
    expect(new Set(written.map((w) => w.code)).size).toBe(4);
    const outcomes = await Promise.all(written.map(({ code }) => pool.evaluate({ problem: problem.id, split: 'train', code, seed: 0 })));
    outcomes.forEach((outcome, i) => expect(outcome.status, `${written[i].code}\n${JSON.stringify(outcome)}`).toBe('ok'));
    // A compact-sig training example for it: the header carries the signature, the answer is the program.
    const example = toExample('compact-sig', sig, 'i1', [], written[0]);
    expect(example.prompt).toBe('#online-bpp i1 priority(item, bins[]) -> scores[]');
    expect(toExample('compact', getProblem('tsp50'), 'i1', [], written[0]).prompt).toBe('#tsp50 i1');
  }, 600_000); // minutes only on a loaded machine: the sandbox's start and four programs on 600 items
});
