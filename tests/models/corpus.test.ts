import { afterAll, describe, expect, it } from 'vitest';
import { PROBLEM_IDS } from '../../src/problems/types.ts';
import { createRng } from '../../src/ground/rng.ts';
import { GRAMMAR_EXTENSIONS, GRAMMARS, grammarsWith } from '../../models/recipe/corpus/grammars.ts';
import { cross, explore, mutate, randomGenome, reparam } from '../../models/recipe/corpus/genome.ts';
import { childFor, randomProgram } from '../../models/recipe/corpus/examples.ts';
import { createSandboxValidator } from '../../models/recipe/corpus/validate.ts';
import { TRIPLES } from '../../src/problems/asp15/construction.ts';

const CHECK_TEST_TIMEOUT_MS = 60_000;

// A long wall-clock limit: these tests check validity, and a loaded machine stretches milliseconds of work into
// seconds (tsp50's look-ahead programs take about 10 ms on the two check instances, 0.5 s on the full train split).
const validator = createSandboxValidator(1, CHECK_TEST_TIMEOUT_MS);
afterAll(() => validator.close());

/**
 * Code with its numbers, their signs and a weight of 1 blanked (the grammars write `- x` for a weight of -1, `0.3 * x`
 * otherwise): equal skeletons = same structure.
 */
const skeleton = (code: string) =>
  code.replace(/\d+(\.\d+)?/g, 'N').replaceAll('N * ', '').replace(/[-+]/g, '').replace(/\s+/g, ' ');

/** The grammar an `--extend` value gives its (one) task. */
const extended = (names: string) => grammarsWith(names)[GRAMMAR_EXTENSIONS[names.split(',')[0]].problem];

/** Each task's grammar under its own name, each extension under its name, and the one pair a recipe composes. */
const NAMED = [
  ...PROBLEM_IDS.map((id) => [id, GRAMMARS[id]] as const),
  ...Object.keys(GRAMMAR_EXTENSIONS).map((name) => [name, extended(name)] as const),
  ['aco-tsp-tours,aco-tsp-block-form', extended('aco-tsp-tours,aco-tsp-block-form')] as const,
];

describe.each(NAMED)('corpus grammar %s', (name, grammar) => {
  const problem = grammar.problem;

  it('renders programs the sandbox accepts, unfiltered, for every operator edit', async () => {
    const rng = createRng(`test:${name}`);
    const a = randomGenome(grammar, rng);
    const b = randomGenome(grammar, rng);
    const genomes = [a, b, reparam(grammar, a, rng), mutate(grammar, a, rng), cross(grammar, a, b, rng), explore(grammar, a, b, rng)];
    for (const genome of genomes) {
      const { code, description } = grammar.render(genome);
      expect(description.length).toBeGreaterThan(10);
      expect(await validator.validate(problem, code), code).toBe(true);
    }
  }, 600_000); // minutes only on a loaded machine: the sandbox checks are milliseconds of work each

  it('m2 keeps the structure and changes numbers; m1 changes the structure; seeded', async () => {
    const run = async (seed: string) => {
      const rng = createRng(seed);
      const parent = (await randomProgram(grammar, rng, validator.validate))!;
      const m2 = await childFor(grammar, 'm2', [parent], rng, validator.validate);
      const m1 = await childFor(grammar, 'm1', [parent], rng, validator.validate);
      return { parent, m1, m2 };
    };
    const { parent, m1, m2 } = await run(`ops:${name}`);
    if (m2) {
      expect(m2.code).not.toBe(parent.code);
      expect(skeleton(m2.code)).toBe(skeleton(parent.code));
    }
    expect(m1).toBeDefined();
    expect(m1!.code).not.toBe(parent.code);
    expect((await run(`ops:${name}`)).m1!.code).toBe(m1!.code);
  }, 600_000); // minutes only on a loaded machine: the sandbox checks are milliseconds of work each
});

describe('asp-tables: the table form', () => {
  const grammar = extended('asp-tables');

  it('keys its values by the construction triples, runs in the sandbox, and m2 retunes the values only', async () => {
    const rng = createRng('test:asp-table-form');
    let genome = randomGenome(grammar, rng);
    while (genome.form !== 'table') genome = randomGenome(grammar, rng);
    const { code, description } = grammar.render(genome);
    const keys = [...code.matchAll(/'(\d{3})': -?\d/g)].map((m) => m[1]);
    expect(keys).toEqual(TRIPLES.map((t) => t.join('')));
    expect(description).toMatch(/one for each of its seven triples/);
    expect(await validator.validate('asp15', code), code).toBe(true);
    const child = grammar.render(reparam(grammar, genome, rng)).code;
    expect(child).not.toBe(code);
    expect(skeleton(child)).toBe(skeleton(code));
    // The corpus's own asp15 grammar never writes the form.
    expect(GRAMMARS.asp15.forms.map((f) => f.id)).not.toContain('table');
  }, 600_000);
});

describe('tsp-all-features: every per-node feature computed', () => {
  const all = extended('tsp-all-features');

  it('declares home and the node loop features whatever the score uses, and keeps the description and score', () => {
    const rng = createRng('test:tsp-all-features');
    for (let k = 0; k < 40; k++) {
      const genome = randomGenome(GRAMMARS.tsp50, rng);
      const base = GRAMMARS.tsp50.render(genome);
      const { code, description } = all.render(genome);
      expect(description).toBe(base.description);
      expect(code).toMatch(/let near = Infinity, second = Infinity, far = 0, sum = 0, close = 0;/);
      for (const line of ['const home = ', 'const regret = ', 'const mean = ', 'far = Math.max(far, e);']) expect(code).toContain(line);
      // The score line is the same expression in both.
      const score = (c: string) => c.match(/const score = (.*);/)?.[1];
      expect(score(code)).toBe(score(base.code));
      // A close term keeps its own radius; without one the radius is the fixed default.
      const closeGene = genome.genes.find((g) => g.f === 'close');
      expect(code).toContain(`if (e < ${closeGene ? base.code.match(/if \(e < ([\d.]+)\) close\+\+/)![1] : '0.1'}) close++;`);
    }
    // The grammar without the extension still declares only what the score uses.
    let bare = randomGenome(GRAMMARS.tsp50, rng);
    while (bare.genes.some((g) => g.f !== 'dist' && g.f !== 'rand' && g.f !== 'plan')) bare = randomGenome(GRAMMARS.tsp50, rng);
    expect(GRAMMARS.tsp50.render(bare).code).not.toContain('for (const other of unvisitedNodes)');
    expect(all.render(bare).code).toContain('for (const other of unvisitedNodes)');
  });
});

describe('aco-tsp-block-form: one return form', () => {
  it('returns every matrix from a block, keeps description and factors, and composes with the tour gate', () => {
    const base = extended('aco-tsp-tours');
    const block = extended('aco-tsp-tours,aco-tsp-block-form');
    expect(block.features.map((f) => f.id)).toContain('tour');
    const rng = createRng('test:aco-tsp-block-form');
    // The factor expression: the block form's line ends `);`, the one-line form's `));`.
    const expression = (code: string) => {
      const line = code.split('\n').find((l) => l.includes('row.map('))!;
      const inner = line.slice(line.indexOf('=> ', line.indexOf('row.map(')) + 3);
      return inner.slice(0, line.trimStart().startsWith('return row.map(') ? -2 : -3);
    };
    let oneLine = 0;
    for (let k = 0; k < 60; k++) {
      const genome = randomGenome(base, rng);
      const was = base.render(genome);
      const { code, description } = block.render(genome);
      expect(description).toBe(was.description);
      expect(code).toContain('  return distanceMatrix.map((row, i) => {\n');
      expect(code.endsWith(');\n  });\n}')).toBe(true);
      expect(expression(code)).toBe(expression(was.code));
      if (!was.code.includes('map((row, i) => {')) oneLine++;
    }
    expect(oneLine).toBeGreaterThan(0); // the base grammar did write one-line returns among these genomes
  });
});

describe('aco-bpp-alike: the reference pair form, with no fill level required', () => {
  it('writes the form (divided by capacity) as a term, and programs without the fill level; the base grammar keeps it', () => {
    const alike = extended('aco-bpp-alike');
    const rng = createRng('test:aco-bpp-alike');
    const genomes = Array.from({ length: 200 }, () => randomGenome(alike, rng));
    const ids = (g: (typeof genomes)[number]) => g.genes.map((gene) => gene.f);
    expect(genomes.some((g) => ids(g).includes('alike') && !ids(g).includes('fill'))).toBe(true);
    expect(genomes.some((g) => ids(g).length === 1 && ids(g)[0] === 'alike')).toBe(true);
    expect(Array.from({ length: 50 }, () => randomGenome(GRAMMARS['aco-bpp500'], rng)).every((g) => ids(g).includes('fill'))).toBe(true);

    const alone = { form: 'prod', genes: [{ f: 'alike', w: 1, s: 'lin', k: 1 }], c: {} };
    const { code, description } = alike.render(alone);
    expect(description).toContain('how alike the two sizes are');
    const heuristics = new Function(`${code}\nreturn heuristics;`)() as (d: number[], c: number) => number[][];
    const demand = [20, 35, 80];
    const matrix = heuristics(demand, 150);
    const reference = (a: number, b: number) => (2 * a * b) / (a + b + (a - b) ** 2 / 150);
    demand.forEach((a, i) => demand.forEach((b, j) => expect(matrix[i][j]).toBeCloseTo(reference(a, b) / 150, 12)));

    // With no base term a program can be a gate alone; in the sum form it is the gate, not an empty sum.
    const gateOnly = alike.render({ form: 'sum', genes: [{ f: 'fit', w: 0.9, s: 'lin', k: 0.02 }], c: {} }).code;
    expect((new Function(`${gateOnly}\nreturn heuristics;`)() as typeof heuristics)([20, 140], 150)).toEqual([[1, 0.02], [0.02, 0.02]]);
  });
});
