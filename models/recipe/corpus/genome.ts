import type { Rng } from '../../../src/ground/rng.ts';

/**
 * A heuristic program as data: a structural form, a set of feature terms (each with a weight, a shape and an
 * optional extra constant) and form constants. Tasks render genomes to JavaScript; the EoH operators map onto
 * genome edits: m2 = same form and features, new numbers; m1 = one structural edit; e2 = mix of two parents;
 * e1 = a fresh genome sharing as little as possible with both parents.
 */
export interface Gene {
  readonly f: string; // feature id
  readonly w: number; // weight
  readonly s: string; // shape id
  readonly k: number; // feature constant (radius, exponent, threshold...)
}

export interface Genome {
  readonly form: string;
  readonly genes: readonly Gene[];
  readonly c: Readonly<Record<string, number>>; // form constants
}

export interface FeatureSpec {
  readonly id: string;
  readonly shapes: readonly string[];
  weight(rng: Rng): number;
  constant(rng: Rng): number;
}

export interface FormSpec {
  readonly id: string;
  constants(rng: Rng): Record<string, number>;
}

export interface TaskGrammar {
  readonly problem: string;
  readonly forms: readonly FormSpec[];
  readonly features: readonly FeatureSpec[];
  /** Feature that every genome keeps (the base term), if any. */
  readonly base?: string;
  readonly maxGenes: number;
  render(g: Genome): { description: string; code: string };
}

export const uniform = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng.next();
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];
export const intIn = (rng: Rng, lo: number, hi: number) => lo + rng.int(hi - lo + 1);
/** A weight of random sign, magnitude log-uniform in [lo, hi]. */
export const signed = (rng: Rng, lo: number, hi: number) =>
  (rng.next() < 0.5 ? -1 : 1) * Math.exp(uniform(rng, Math.log(lo), Math.log(hi)));
export const logUniform = (rng: Rng, lo: number, hi: number) => Math.exp(uniform(rng, Math.log(lo), Math.log(hi)));

/** Short decimal literal: two significant digits, no trailing zeros. */
export function num(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`num: ${x}`);
  const a = Math.abs(x);
  // Tiny constants (a damping of 1e-5) keep one significant digit instead of rounding to 0; below 1e-6 JavaScript
  // would print an exponent, which the programs do not use.
  if (a < 0.0005) return a < 1e-6 ? '0' : x.toPrecision(1);
  const digits = a >= 10 ? 0 : a >= 1 ? 1 : a >= 0.1 ? 2 : 3;
  let s = x.toFixed(digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** `a + w * x` rendered with the sign folded in: `a - 0.3 * x`. */
export function addTerm(acc: string, w: number, expr: string): string {
  const mag = num(Math.abs(w));
  const term = mag === '1' ? expr : `${mag} * ${expr}`;
  if (acc === '') return w < 0 ? `-${term}` : term;
  return `${acc} ${w < 0 ? '-' : '+'} ${term}`;
}

function feature(g: TaskGrammar, id: string): FeatureSpec {
  const f = g.features.find((x) => x.id === id);
  if (!f) throw new Error(`unknown feature ${id} in ${g.problem}`);
  return f;
}

function freshGene(g: TaskGrammar, id: string, rng: Rng): Gene {
  const f = feature(g, id);
  return { f: id, w: f.weight(rng), s: pick(rng, f.shapes), k: f.constant(rng) };
}

export function randomGenome(g: TaskGrammar, rng: Rng): Genome {
  const form = pick(rng, g.forms);
  const ids = g.features.map((f) => f.id).filter((id) => id !== g.base);
  const count = intIn(rng, g.base ? 0 : 1, g.maxGenes - (g.base ? 1 : 0));
  const chosen: string[] = g.base ? [g.base] : [];
  while (chosen.length < count + (g.base ? 1 : 0)) {
    const id = pick(rng, ids);
    if (!chosen.includes(id)) chosen.push(id);
  }
  return { form: form.id, genes: chosen.map((id) => freshGene(g, id, rng)), c: form.constants(rng) };
}

/**
 * `x` with feature `id` in shape `shape` (a new gene in place of a random optional one when `x` is full): how tests
 * and probes put one building block into an otherwise random program.
 */
export function withFeature(g: TaskGrammar, x: Genome, id: string, shape: string, rng: Rng): Genome {
  const gene = { ...freshGene(g, id, rng), s: shape };
  if (!feature(g, id).shapes.includes(shape)) throw new Error(`feature ${id} of ${g.problem} has no shape ${shape}`);
  const kept = x.genes.filter((other) => other.f !== id);
  if (kept.length < g.maxGenes) return { ...x, genes: [...kept, gene] };
  const optional = kept.filter((other) => other.f !== g.base);
  const victim = pick(rng, optional);
  return { ...x, genes: [...kept.filter((other) => other !== victim), gene] };
}

/** m2: same form, features and shapes; every number redrawn or jittered. */
export function reparam(g: TaskGrammar, x: Genome, rng: Rng): Genome {
  const form = g.forms.find((f) => f.id === x.form)!;
  const fresh = form.constants(rng);
  const c: Record<string, number> = {};
  for (const key of Object.keys(x.c)) c[key] = rng.next() < 0.5 ? fresh[key] : jitter(rng, x.c[key], fresh[key]);
  const genes = x.genes.map((gene) => {
    const f = feature(g, gene.f);
    const w = rng.next() < 0.5 ? f.weight(rng) : gene.w * uniform(rng, 0.4, 2.2);
    return { ...gene, w, k: rng.next() < 0.6 ? f.constant(rng) : gene.k };
  });
  return { form: x.form, genes, c };
}

function jitter(rng: Rng, old: number, fresh: number): number {
  // Stay on the fresh value's type: integers stay integers.
  return Number.isInteger(fresh) ? fresh : old * uniform(rng, 0.5, 1.8);
}

/** m1: one structural edit (add, drop, swap a feature, change a shape, or change the form). */
export function mutate(g: TaskGrammar, x: Genome, rng: Rng): Genome {
  const optional = x.genes.filter((gene) => gene.f !== g.base);
  const unused = g.features.map((f) => f.id).filter((id) => !x.genes.some((gene) => gene.f === id));
  const edits: string[] = [];
  if (x.genes.length < g.maxGenes && unused.length > 0) edits.push('add', 'add');
  if (optional.length > 0 && x.genes.length > 1) edits.push('drop');
  if (optional.length > 0 && unused.length > 0) edits.push('swap', 'swap');
  if (x.genes.some((gene) => feature(g, gene.f).shapes.length > 1)) edits.push('shape');
  if (g.forms.length > 1) edits.push('form');
  const edit = pick(rng, edits);
  if (edit === 'add') return { ...x, genes: [...x.genes, freshGene(g, pick(rng, unused), rng)] };
  if (edit === 'drop') {
    const victim = pick(rng, optional);
    return { ...x, genes: x.genes.filter((gene) => gene !== victim) };
  }
  if (edit === 'swap') {
    const victim = pick(rng, optional);
    return { ...x, genes: x.genes.map((gene) => (gene === victim ? freshGene(g, pick(rng, unused), rng) : gene)) };
  }
  if (edit === 'shape') {
    const candidates = x.genes.filter((gene) => feature(g, gene.f).shapes.length > 1);
    const victim = pick(rng, candidates);
    const shapes = feature(g, victim.f).shapes.filter((s) => s !== victim.s);
    return { ...x, genes: x.genes.map((gene) => (gene === victim ? { ...gene, s: pick(rng, shapes) } : gene)) };
  }
  const form = pick(
    rng,
    g.forms.filter((f) => f.id !== x.form),
  );
  return { ...x, form: form.id, c: form.constants(rng) };
}

/** e2: the form of one parent, a mix of both parents' terms (at least one from each where possible). */
export function cross(g: TaskGrammar, a: Genome, b: Genome, rng: Rng): Genome {
  const [first, second] = rng.next() < 0.5 ? [a, b] : [b, a];
  const pool = [...first.genes, ...second.genes];
  const genes: Gene[] = [];
  if (g.base) genes.push(pick(rng, pool.filter((gene) => gene.f === g.base)));
  const takeFrom = (xs: readonly Gene[]) => {
    const options = xs.filter((gene) => !genes.some((h) => h.f === gene.f));
    if (options.length > 0 && genes.length < g.maxGenes) genes.push(pick(rng, options));
  };
  takeFrom(first.genes);
  takeFrom(second.genes);
  for (const gene of pool) if (rng.next() < 0.3) takeFrom([gene]);
  return { form: first.form, genes, c: first.c };
}

const featureSet = (x: Genome) => new Set(x.genes.map((gene) => gene.f));

/** e1: a fresh genome that shares the fewest features (and preferably not the form) with both parents. */
export function explore(g: TaskGrammar, a: Genome, b: Genome, rng: Rng): Genome {
  const taken = new Set([...featureSet(a), ...featureSet(b)]);
  let best: Genome | undefined;
  let bestOverlap = Infinity;
  for (let i = 0; i < 12; i++) {
    const y = randomGenome(g, rng);
    let overlap = 0;
    for (const f of featureSet(y)) if (taken.has(f) && f !== g.base) overlap++;
    if (y.form === a.form || y.form === b.form) overlap += 0.5;
    if (overlap < bestOverlap) [best, bestOverlap] = [y, overlap];
  }
  return best!;
}
