import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { logUniform, num, uniform } from './genome.ts';
import { combineFactors, describeFactors } from './aco.ts';

/**
 * ACO bin packing: how promising it is to put items a and b in one bin, from fill level, remaining capacity, item
 * size and what a third item could still fill (best fit one step ahead). The overflow penalty is a gate.
 */
const signedK = (k: number) => (k < 0 ? `- ${num(-k)}` : `+ ${num(k)}`);

function factor(gene: Gene): string {
  switch (gene.f) {
    case 'fill':
      return gene.s === 'pow' ? `((a + b) / capacity) ** ${num(gene.k)}` : '(a + b) / capacity';
    case 'fit':
      return `(a + b <= capacity ? 1 : ${num(gene.k)})`;
    case 'tight':
      return `(capacity - a - b >= 0 && capacity - a - b < small ? ${num(1 + gene.k)} : 1)`;
    case 'big':
      return `(1 ${signedK(gene.k)} * b / capacity)`;
    case 'diff':
      return `(1 ${signedK(gene.k)} * Math.abs(a - b) / capacity)`;
    case 'size':
      return `(b / capacity) ** ${num(gene.k)}`;
    case 'close':
      return `Math.exp(-${num(gene.k)} * (a + b <= capacity ? leftover(capacity - a - b) : capacity) / capacity)`;
    case 'gap':
      return `Math.exp(-${num(gene.k)} * Math.abs(capacity - a - b) / capacity)`;
    case 'alike':
      return `2 * a * b / (capacity * (a + b + (a - b) ** 2 / (${num(gene.k)} * capacity)))`;
    default:
      return `(1 + ${num(gene.k)} * Math.random())`;
  }
}

const PHRASES: Record<string, string> = {
  fill: 'the fill level of the pair',
  fit: 'a penalty when the pair overflows a bin',
  tight: 'a bonus when the leftover space is smaller than any item',
  big: 'the size of the second item',
  diff: 'the size difference of the pair',
  gap: 'an exponential decay in the leftover space',
  size: 'a power of the second item\'s size (big items first)',
  close: 'an exponential decay in the space a third item would still leave (best fit one step ahead)',
  alike: 'how alike the two sizes are (their harmonic mean, less a squared size difference)',
  rand: 'random noise',
};

/** Factors that multiply the whole expression in the sum form too (aco.ts). */
const GATES: ReadonlySet<string> = new Set(['fit']);

/** `leftover(room)`: the room left once the largest item that fits in it is added (binary search, O(log n)). */
const LEFTOVER = [
  '  const sorted = [...demand].sort((x, y) => x - y);',
  '  const leftover = (room) => {',
  '    let lo = 0, hi = sorted.length - 1, fit = 0;',
  '    while (lo <= hi) {',
  '      const mid = (lo + hi) >> 1;',
  '      if (sorted[mid] <= room) [fit, lo] = [sorted[mid], mid + 1];',
  '      else hi = mid - 1;',
  '    }',
  '    return room - fit;',
  '  };',
];

function render(g: Genome) {
  const lines = ['function heuristics(demand, capacity) {'];
  if (g.genes.some((x) => x.f === 'tight')) lines.push('  const small = Math.min(...demand);');
  if (g.genes.some((x) => x.f === 'close')) lines.push(...LEFTOVER);
  lines.push(`  return demand.map((a) => demand.map((b) => ${combineFactors(g, factor, GATES)}));`, '}');
  return { description: describeFactors(g, PHRASES, 'Pair desirability', GATES), code: lines.join('\n') };
}

export const acoBppGrammar: TaskGrammar = {
  problem: 'aco-bpp500',
  base: 'fill',
  maxGenes: 3,
  forms: [
    { id: 'prod', constants: () => ({}) },
    { id: 'sum', constants: () => ({}) },
  ],
  features: [
    { id: 'fill', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 3), constant: (rng) => uniform(rng, 0.5, 4) },
    { id: 'fit', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => logUniform(rng, 0.001, 0.3) },
    { id: 'tight', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 5) },
    { id: 'big', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -0.9, 4) },
    { id: 'diff', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, -0.9, 3) },
    { id: 'gap', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 10) },
    { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.05, 1), constant: (rng) => uniform(rng, 0.05, 1) },
    { id: 'size', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 6) },
    { id: 'close', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 20) },
  ],
  render,
};

/**
 * The pair term of the reference's best evolved BPP heuristic: a size preference with a squared-difference penalty,
 * divided by capacity so a weighted sum can mix it with the other terms. It helps only without the fill level
 * (benchmarks/results/bpp-seed-spread/), so the extended grammar has no base term.
 */
const ALIKE: TaskGrammar['features'][number] = {
  id: 'alike',
  shapes: ['lin'],
  weight: (rng) => logUniform(rng, 0.2, 5),
  constant: (rng) => logUniform(rng, 0.4, 2.5),
};

/** `--extend aco-bpp-alike`: the `alike` term among the features, and the fill level no longer in every program. */
export const withAlike = (grammar: TaskGrammar): TaskGrammar => ({ ...grammar, base: undefined, features: [...grammar.features, ALIKE] });
