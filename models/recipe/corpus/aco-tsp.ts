import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { intIn, logUniform, num, uniform } from './genome.ts';
import { combineFactors, describeFactors } from './aco.ts';

/** ACO TSP: edge desirability from inverse distance, row statistics and nearest-neighbour ranks. */
function factor(gene: Gene): string {
  switch (gene.f) {
    case 'inv':
      return gene.s === 'pow' ? `d ** -${num(gene.k)}` : '1 / d';
    case 'exp':
      return `Math.exp(-${num(gene.k)} * d / mean)`;
    case 'rel':
      return gene.s === 'pow' ? `(min / d) ** ${num(gene.k)}` : '(min / d)';
    case 'knn':
      return `(d <= kth ? ${num(1 + gene.k)} : 1)`;
    case 'lin':
      return `Math.max(0.01, 1 - ${num(gene.k)} * d)`;
    default:
      return `(1 + ${num(gene.k)} * Math.random())`;
  }
}

const PHRASES: Record<string, string> = {
  inv: 'inverse distance',
  exp: 'an exponential decay in distance relative to the row mean',
  rel: 'closeness relative to the nearest neighbour',
  knn: 'a bonus for nearest-neighbour edges',
  lin: 'a linear decay in distance',
  rand: 'random noise',
};

function render(g: Genome) {
  const has = (f: string) => g.genes.some((x) => x.f === f);
  const knn = g.genes.find((x) => x.f === 'knn');
  const stats = has('exp') || has('rel') || knn;
  const lines = ['function heuristics(distanceMatrix) {'];
  const expr = combineFactors(g, factor);
  if (!stats) {
    lines.push(`  return distanceMatrix.map((row) => row.map((d) => ${expr}));`, '}');
  } else {
    lines.push('  return distanceMatrix.map((row, i) => {', '    const others = row.filter((_, j) => j !== i);');
    if (has('rel')) lines.push('    const min = Math.min(...others);');
    if (has('exp')) lines.push('    const mean = others.reduce((a, b) => a + b, 0) / others.length;');
    if (knn) lines.push(`    const kth = [...others].sort((a, b) => a - b)[Math.min(${g.c.k}, others.length - 1)];`);
    lines.push(`    return row.map((d) => ${expr});`, '  });', '}');
  }
  return { description: describeFactors(g, PHRASES, 'Edge desirability'), code: lines.join('\n') };
}

export const acoTspGrammar: TaskGrammar = {
  problem: 'aco-tsp50',
  base: 'inv',
  maxGenes: 3,
  forms: [
    { id: 'prod', constants: (rng) => ({ k: intIn(rng, 2, 12) }) },
    { id: 'sum', constants: (rng) => ({ k: intIn(rng, 2, 12) }) },
  ],
  features: [
    { id: 'inv', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 3), constant: (rng) => uniform(rng, 0.5, 3.5) },
    { id: 'exp', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 4) },
    { id: 'rel', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 3) },
    { id: 'knn', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.3, 5) },
    { id: 'lin', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 1.5) },
    { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.05, 1), constant: (rng) => uniform(rng, 0.05, 1) },
  ],
  render,
};
