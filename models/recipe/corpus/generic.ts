import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import type { Rng } from '../../../src/ground/rng.ts';
import type { FeatureSpec, FormSpec, Gene, Genome, TaskGrammar } from './genome.ts';
import { logUniform, num, signed } from './genome.ts';
import { argBestLines, factorProduct, weightedSum } from './patterns.ts';

/**
 * A grammar for a function it knows only by its signature (fnName, params, outputs and their kinds, as a
 * compact-sig header shows them), so a corpus can teach a model to write for problems it has never seen. It builds
 * programs from patterns.ts alone, by the output's kind:
 *
 *   array   one score per element of the first array parameter: `return bins.map((x, i) => <score>)`;
 *   index   the index of the best-scoring element of the first array parameter (the argBest scan);
 *   number  a weighted sum (or product of factors) of the scalar parameters and array aggregates.
 *
 * Element scores combine the element, its gap to each scalar parameter, its position, the other arrays at the same
 * index and the array's mean; every term is finite for finite inputs (no division by an input, no root of a
 * negative), so the programs are valid wherever the problem accepts any finite numbers of the right shape.
 * The genome and its edits are genome.ts's, so the EoH operators work on these programs as on the task grammars'.
 */

/** Locals the programs declare: a parameter with one of these names would be shadowed, so such signatures are refused. */
const LOCALS = ['x', 'i', 'mean', 'best', 'bestScore', 'score', 'Math'];

const kindOf = (sig: PromptSignature, name: string) => sig.kinds?.[name] ?? 'number';

interface Shape {
  readonly scalars: readonly string[];
  readonly arrays: readonly string[];
  readonly output: 'number' | 'index' | 'array';
}

/** What of a signature the grammar uses; throws for the signatures it cannot write for (said in the message). */
export function shapeOf(sig: PromptSignature): Shape {
  if (sig.outputs.length !== 1) throw new Error(`generic grammar: ${sig.fnName} needs exactly one output`);
  const output = kindOf(sig, sig.outputs[0]);
  if (output === 'matrix') throw new Error(`generic grammar: a matrix output (${sig.outputs[0]}) is not covered yet`);
  const clash = sig.params.find((p) => LOCALS.includes(p));
  if (clash) throw new Error(`generic grammar: parameter ${clash} would be shadowed by a local of the programs`);
  const scalars = sig.params.filter((p) => kindOf(sig, p) === 'number');
  const arrays = sig.params.filter((p) => kindOf(sig, p) === 'array');
  if (output !== 'number' && arrays.length === 0) throw new Error(`generic grammar: an ${output} output needs an array parameter`);
  if (scalars.length + arrays.length === 0) throw new Error(`generic grammar: ${sig.fnName} has no number or array parameter`);
  return { scalars, arrays, output };
}

const feature = (id: string, shapes: readonly string[], weight: (rng: Rng) => number, constant: (rng: Rng) => number = () => 0): FeatureSpec => ({
  id,
  shapes,
  weight,
  constant,
});
const anySign = (rng: Rng) => signed(rng, 0.05, 2);

/** Features of one element `x` (at index `i`) of the scanned array. */
function elementFeatures(shape: Shape): FeatureSpec[] {
  const [, ...others] = shape.arrays;
  return [
    feature('el', ['lin', 'sq', 'sqrt', 'inv'], anySign),
    ...shape.scalars.map((p) => feature(`gap:${p}`, ['diff', 'abs', 'sq', 'ratio'], anySign)),
    ...shape.scalars.map((p) => feature(`near:${p}`, ['lin'], anySign, (rng) => logUniform(rng, 0.1, 20))),
    feature('pos', ['lin', 'inv'], (rng) => signed(rng, 0.01, 1)),
    ...others.map((b) => feature(`with:${b}`, ['lin', 'sq'], anySign)),
    feature('mean', ['diff', 'abs'], anySign),
    feature('rand', ['lin'], (rng) => logUniform(rng, 0.01, 0.5)),
  ];
}

/** Features of the whole input, for a number output. */
function inputFeatures(shape: Shape): FeatureSpec[] {
  return [
    ...shape.scalars.map((p) => feature(`s:${p}`, ['lin', 'sq', 'log'], anySign)),
    ...shape.arrays.map((a) => feature(`len:${a}`, ['lin', 'log'], anySign)),
    ...shape.arrays.map((a) => feature(`sum:${a}`, ['lin', 'log'], anySign)),
  ];
}

// Powers are Math.pow, not `**`: a unit weight renders as a leading minus, and `-a ** 2` is a syntax error.
function elementValue(gene: Gene): string {
  const [kind, name] = gene.f.split(':');
  switch (kind) {
    case 'el':
      return { lin: 'x', sq: 'x * x', sqrt: 'Math.sqrt(Math.abs(x))', inv: '1 / (1 + Math.abs(x))' }[gene.s]!;
    case 'gap':
      return { diff: `(x - ${name})`, abs: `Math.abs(x - ${name})`, sq: `Math.pow(x - ${name}, 2)`, ratio: `${name} / (1 + Math.abs(x))` }[gene.s]!;
    case 'near':
      return `(Math.abs(x - ${name}) < ${num(gene.k)} ? 1 : 0)`;
    case 'pos':
      return gene.s === 'inv' ? '1 / (1 + i)' : 'i';
    case 'with':
      return gene.s === 'sq' ? `Math.pow(${name}[i] ?? 0, 2)` : `(${name}[i] ?? 0)`;
    case 'mean':
      return gene.s === 'abs' ? 'Math.abs(x - mean)' : '(x - mean)';
    default:
      return 'Math.random()';
  }
}

function inputValue(gene: Gene): string {
  const [kind, name] = gene.f.split(':');
  const log = (e: string) => (gene.s === 'log' ? `Math.log(1 + Math.abs(${e}))` : e);
  if (kind === 's') return gene.s === 'sq' ? `${name} * ${name}` : log(name);
  if (kind === 'len') return log(`${name}.length`);
  return log(`${name}.reduce((s, v) => s + v, 0)`);
}

/** `lowestWins`: in a scan for the lowest score a positive weight penalises, so the words swap. */
function phrase(gene: Gene, scanned: string, lowestWins: boolean): string {
  const [kind, name] = gene.f.split(':');
  const against = gene.w < 0 !== lowestWins ? 'a penalty on' : 'a bonus for';
  const what: Record<string, string> = {
    el: 'the element',
    gap: `its gap to ${name}`,
    near: `being within ${num(gene.k)} of ${name}`,
    pos: 'its position',
    with: `${name} at the same index`,
    mean: `its distance from the mean of ${scanned}`,
    s: name,
    len: `the length of ${name}`,
    sum: `the total of ${name}`,
  };
  return kind === 'rand' ? 'random noise' : `${against} ${what[kind]}`;
}

const combine = (form: string, genes: readonly Gene[], value: (gene: Gene) => string) =>
  form === 'prod' ? factorProduct(genes, value).join(' * ') : weightedSum(genes, value);

function render(sig: PromptSignature, shape: Shape, g: Genome): { description: string; code: string } {
  const head = `function ${sig.fnName}(${sig.params.join(', ')}) {`;
  const parts = g.genes.map((gene) => phrase(gene, shape.arrays[0] ?? '', g.form === 'min')).join(', ');
  if (shape.output === 'number') {
    const expr = combine(g.form, g.genes, inputValue);
    const how = g.form === 'prod' ? 'the product of factors from' : 'a weighted sum of';
    return { description: `Return ${how} ${parts}.`, code: [head, `  return ${expr};`, '}'].join('\n') };
  }
  const a = shape.arrays[0];
  const lines = [head];
  if (g.genes.some((gene) => gene.f === 'mean')) lines.push(`  const mean = ${a}.reduce((s, v) => s + v, 0) / ${a}.length;`);
  if (shape.output === 'array') {
    const expr = combine(g.form, g.genes, elementValue);
    lines.push(`  return ${a}.map((x, i) => ${expr});`, '}');
    const how = g.form === 'prod' ? 'a product of factors from' : 'a weighted sum of';
    return { description: `Score each element of ${a} by ${how} ${parts}.`, code: lines.join('\n') };
  }
  const sense = g.form === 'min' ? 'min' : 'max';
  const score = weightedSum(g.genes, elementValue);
  const head2 = `for (let i = 0; i < ${a}.length; i++)`;
  lines.push(...argBestLines({ sense, first: '0', head: head2, element: 'i', body: [`    const x = ${a}[i];`], score }), '}');
  const which = sense === 'min' ? 'lowest' : 'highest';
  return { description: `Pick the index of ${a} with the ${which} score from ${parts}.`, code: lines.join('\n') };
}

const noConstants = () => ({});

/** The grammar of programs for `sig` (a built-in task's, a user's or a synthetic one's). */
export function genericGrammar(sig: PromptSignature): TaskGrammar {
  const shape = shapeOf(sig);
  const forms: FormSpec[] =
    shape.output === 'index'
      ? [{ id: 'max', constants: noConstants }, { id: 'min', constants: noConstants }]
      : [{ id: 'sum', constants: noConstants }, { id: 'prod', constants: noConstants }];
  const features = shape.output === 'number' ? inputFeatures(shape) : elementFeatures(shape);
  return {
    problem: sig.id,
    forms,
    features,
    maxGenes: Math.min(3, features.length),
    render: (g) => render(sig, shape, g),
  };
}
