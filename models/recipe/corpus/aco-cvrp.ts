import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { logUniform, num, uniform } from './genome.ts';
import { combineFactors, describeFactors } from './aco.ts';

/** ACO CVRP: edge desirability from distance, savings via the depot, demands and polar angle around the depot. */
const signedK = (k: number) => (k < 0 ? `- ${num(-k)}` : `+ ${num(k)}`);

function factor(gene: Gene): string {
  switch (gene.f) {
    case 'inv':
      return gene.s === 'pow' ? `d ** -${num(gene.k)}` : '1 / d';
    case 'savings':
      return `(1 + ${num(gene.k)} * Math.max(0, depot[i] + depot[j] - d))`;
    case 'demand':
      return `(1 ${signedK(gene.k)} * demands[j] / capacity)`;
    case 'fill':
      return `(1 ${signedK(gene.k)} * (demands[i] + demands[j]) / capacity)`;
    case 'depot':
      return `Math.exp(${gene.k < 0 ? '' : '-'}${num(Math.abs(gene.k))} * depot[j])`;
    case 'angle':
      return `Math.exp(-${num(gene.k)} * Math.abs(angle[i] - angle[j]))`;
    case 'exp':
      return `Math.exp(-${num(gene.k)} * d)`;
    default:
      return `(1 + ${num(gene.k)} * Math.random())`;
  }
}

const PHRASES: Record<string, string> = {
  inv: 'inverse distance',
  savings: 'the savings of joining two customers instead of returning to the depot',
  demand: 'the demand of the next customer',
  fill: 'the combined demand of both ends',
  depot: 'the distance of the next customer from the depot',
  angle: 'the angular closeness of both ends around the depot',
  exp: 'an exponential decay in distance',
  rand: 'random noise',
};

function render(g: Genome) {
  const has = (f: string) => g.genes.some((x) => x.f === f);
  const lines = ['function heuristics(distanceMatrix, coordinates, demands, capacity) {'];
  if (has('savings') || has('depot')) lines.push('  const depot = distanceMatrix[0];');
  if (has('angle')) {
    lines.push('  const [x0, y0] = coordinates[0];', '  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));');
  }
  lines.push(`  return distanceMatrix.map((row, i) => row.map((d, j) => ${combineFactors(g, factor)}));`, '}');
  return { description: describeFactors(g, PHRASES, 'Edge desirability'), code: lines.join('\n') };
}

export const acoCvrpGrammar: TaskGrammar = {
  problem: 'aco-cvrp50',
  base: 'inv',
  maxGenes: 3,
  forms: [
    { id: 'prod', constants: () => ({}) },
    { id: 'sum', constants: () => ({}) },
  ],
  features: [
    { id: 'inv', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 3), constant: (rng) => uniform(rng, 0.5, 3.5) },
    { id: 'savings', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 5) },
    { id: 'demand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -0.9, 3) },
    { id: 'fill', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -0.9, 3) },
    { id: 'depot', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -2, 3) },
    { id: 'angle', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.1, 3) },
    { id: 'exp', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 8) },
    { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.05, 1), constant: (rng) => uniform(rng, 0.05, 1) },
  ],
  render,
};
