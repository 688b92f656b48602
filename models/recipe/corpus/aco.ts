import type { Gene, Genome } from './genome.ts';
import { num } from './genome.ts';

/**
 * ACO heuristic matrices are products (form 'prod') or weighted sums (form 'sum') of positive edge factors,
 * so every rendered matrix is finite and positive wherever the factors are. A gate (a factor that is 1 almost
 * everywhere and small where a move should be rare: returning to the depot, an overfull pair) would only add a
 * near-constant to a sum, so it multiplies the whole expression in both forms.
 */
export function combineFactors(g: Genome, factor: (gene: Gene) => string, gates: ReadonlySet<string> = new Set()): string {
  if (g.form === 'prod') return g.genes.map(factor).join(' * ');
  const terms = g.genes.filter((gene) => !gates.has(gene.f));
  const sum = terms.map((gene) => `${num(gene.w)} * ${factor(gene)}`).join(' + ');
  const gated = g.genes.filter((gene) => gates.has(gene.f)).map(factor);
  if (gated.length === 0) return sum;
  if (terms.length === 0) return gated.join(' * '); // a grammar with no base term can draw gates alone
  return [terms.length > 1 ? `(${sum})` : sum, ...gated].join(' * ');
}

export function describeFactors(g: Genome, phrases: Record<string, string>, subject: string, gates: ReadonlySet<string> = new Set()): string {
  if (g.form === 'prod') return `${subject} is the product of ${g.genes.map((x) => phrases[x.f]).join(', ')}.`;
  const parts = g.genes.filter((x) => !gates.has(x.f)).map((x) => phrases[x.f]);
  const gated = g.genes.filter((x) => gates.has(x.f)).map((x) => phrases[x.f]);
  const times = gated.length > 0 ? `, times ${gated.join(' and ')}` : '';
  return `${subject} is a weighted sum of ${parts.join(', ')}${times}.`;
}
