import type { Gene, Genome } from './genome.ts';
import { num } from './genome.ts';

/**
 * ACO heuristic matrices are products (form 'prod') or weighted sums (form 'sum') of positive edge factors,
 * so every rendered matrix is finite and positive wherever the factors are.
 */
export function combineFactors(g: Genome, factor: (gene: Gene) => string): string {
  if (g.form === 'prod') return g.genes.map(factor).join(' * ');
  return g.genes.map((gene) => `${num(gene.w)} * ${factor(gene)}`).join(' + ');
}

export function describeFactors(g: Genome, phrases: Record<string, string>, subject: string): string {
  const parts = g.genes.map((x) => phrases[x.f]);
  const how = g.form === 'prod' ? 'the product of' : 'a weighted sum of';
  return `${subject} is ${how} ${parts.join(', ')}.`;
}
