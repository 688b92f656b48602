import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { intIn, logUniform, num, uniform } from './genome.ts';
import { combineFactors, describeFactors } from './aco.ts';

/**
 * ACO CVRP: edge desirability from distance, savings via the depot, demands, polar angle around the depot (closeness
 * and a sweep direction) and nearest-neighbour sparsity. Two gates: returning to the depot is always feasible, so
 * an edge to node 0 as desirable as its distance says ends routes half empty (inverse distance 18.76 on train, with
 * the depot gate at 0.001 10.35); an overfull pair of customers cannot share a route.
 */
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
    case 'turn':
      return `((angle[j] - angle[i] + 2 * Math.PI) % (2 * Math.PI) < Math.PI ? ${num(1 + gene.k)} : 1)`;
    case 'back':
      return `(j === 0 ? ${num(gene.k)} : 1)`;
    case 'over':
      return `(demands[i] + demands[j] > capacity ? ${num(gene.k)} : 1)`;
    case 'knn':
      return `(d <= kth ? ${num(1 + gene.k)} : 1)`;
    case 'load':
      return `((demands[j] + 1) / capacity) ** ${num(gene.k)}`; // + 1: the depot demands 0
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
  turn: 'a bonus for moving counter-clockwise around the depot (a sweep)',
  back: 'a damping of returns to the depot (routes stay full)',
  over: 'a penalty when both ends together exceed the capacity',
  knn: "a bonus for edges to the row's nearest neighbours",
  load: 'a power of the next customer\'s share of the capacity',
  rand: 'random noise',
};

/** Factors that multiply the whole expression in the sum form too (aco.ts). */
const GATES: ReadonlySet<string> = new Set(['back', 'over']);

function render(g: Genome) {
  const has = (f: string) => g.genes.some((x) => x.f === f);
  const lines = ['function heuristics(distanceMatrix, coordinates, demands, capacity) {'];
  if (has('savings') || has('depot')) lines.push('  const depot = distanceMatrix[0];');
  if (has('angle') || has('turn')) {
    lines.push('  const [x0, y0] = coordinates[0];', '  const angle = coordinates.map(([x, y]) => Math.atan2(y - y0, x - x0));');
  }
  const expr = combineFactors(g, factor, GATES);
  const knn = g.genes.find((x) => x.f === 'knn');
  if (knn) {
    lines.push(
      '  return distanceMatrix.map((row, i) => {',
      `    const kth = [...row].sort((a, b) => a - b)[${g.c.k}];`,
      `    return row.map((d, j) => ${expr});`,
      '  });',
      '}',
    );
  } else {
    lines.push(`  return distanceMatrix.map((row, i) => row.map((d, j) => ${expr}));`, '}');
  }
  return { description: describeFactors(g, PHRASES, 'Edge desirability', GATES), code: lines.join('\n') };
}

export const acoCvrpGrammar: TaskGrammar = {
  problem: 'aco-cvrp50',
  base: 'inv',
  maxGenes: 4,
  forms: [
    // k: how many nearest neighbours the knn factor favours (read only when a genome has it).
    { id: 'prod', constants: (rng) => ({ k: intIn(rng, 3, 15) }) },
    { id: 'sum', constants: (rng) => ({ k: intIn(rng, 3, 15) }) },
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
    { id: 'turn', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 5) },
    { id: 'back', shapes: ['lin'], weight: () => 1, constant: (rng) => logUniform(rng, 1e-6, 1) },
    { id: 'over', shapes: ['lin'], weight: () => 1, constant: (rng) => logUniform(rng, 1e-3, 1) },
    { id: 'knn', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.3, 5) },
    { id: 'load', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -1, 2) },
  ],
  render,
};
