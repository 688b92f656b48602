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
    case 'tour':
      return `(next[i] === j || prev[i] === j ? ${num(1 + gene.k)} : 1)`;
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
  tour: 'a bonus for the edges of a short tour (nearest neighbour and 2-opt)',
};

/** The tour gate multiplies the whole expression, as aco.ts's gates do. */
const GATES: ReadonlySet<string> = new Set(['tour']);

/**
 * The look-ahead block of the `aco-tsp-tours` extension: the shortest of `starts` nearest-neighbour tours, each
 * improved by 2-opt, kept as each node's successor and predecessor. ACO samples tours edge by edge from the matrix;
 * a matrix that knows a good whole tour steers every ant near it, which no per-edge statistic can (one start with
 * bonus 3 and inverse squared distance: test50 5.904; ten starts, bonus 10: 5.810; the grammar's best without it 5.888).
 */
function tourLines(starts: number): string[] {
  return [
    '  const n = distanceMatrix.length, D = distanceMatrix;',
    '  let tour = [], best = Infinity;',
    `  for (let s = 0; s < ${starts}; s++) {`,
    `    const t = [Math.floor((s * n) / ${starts})], seen = new Set(t);`,
    '    while (t.length < n) {',
    '      const last = t[t.length - 1];',
    '      let next = -1;',
    '      for (let j = 0; j < n; j++) if (!seen.has(j) && (next < 0 || D[last][j] < D[last][next])) next = j;',
    '      t.push(next);',
    '      seen.add(next);',
    '    }',
    '    for (let improved = true; improved; ) {',
    '      improved = false;',
    '      for (let i = 0; i < n - 2; i++) for (let j = i + 2; j < n; j++) {',
    '        const a = t[i], b = t[i + 1], c = t[j], e = t[(j + 1) % n];',
    '        if (D[a][c] + D[b][e] < D[a][b] + D[c][e] - 1e-9) {',
    '          t.splice(i + 1, j - i, ...t.slice(i + 1, j + 1).reverse());',
    '          improved = true;',
    '        }',
    '      }',
    '    }',
    '    const length = t.reduce((sum, v, k) => sum + D[v][t[(k + 1) % n]], 0);',
    '    if (length < best) [best, tour] = [length, t];',
    '  }',
    '  const next = [], prev = [];',
    '  tour.forEach((v, k) => {',
    '    next[v] = tour[(k + 1) % n];',
    '    prev[v] = tour[(k + n - 1) % n];',
    '  });',
  ];
}

/**
 * Renders a genome. A program with no row statistic returns its matrix in one line, one with them in a block; `block`
 * writes every program in the block form, so the closing brackets no longer depend on which factors came before.
 */
function render(g: Genome, block = false) {
  const has = (f: string) => g.genes.some((x) => x.f === f);
  const knn = g.genes.find((x) => x.f === 'knn');
  const tour = g.genes.find((x) => x.f === 'tour');
  const stats = has('exp') || has('rel') || knn;
  const lines = ['function heuristics(distanceMatrix) {'];
  if (tour) lines.push(...tourLines(Number(tour.s)));
  const expr = combineFactors(g, factor, GATES);
  // The tour gate reads both ends of an edge; the other factors read only the distance.
  const cell = tour ? '(d, j)' : '(d)';
  if (!stats && !block) {
    lines.push(`  return distanceMatrix.map(${tour ? '(row, i)' : '(row)'} => row.map(${cell} => ${expr}));`, '}');
  } else {
    lines.push('  return distanceMatrix.map((row, i) => {');
    if (stats) lines.push('    const others = row.filter((_, j) => j !== i);');
    if (has('rel')) lines.push('    const min = Math.min(...others);');
    if (has('exp')) lines.push('    const mean = others.reduce((a, b) => a + b, 0) / others.length;');
    if (knn) lines.push(`    const kth = [...others].sort((a, b) => a - b)[Math.min(${g.c.k}, others.length - 1)];`);
    lines.push(`    return row.map(${cell} => ${expr});`, '  });', '}');
  }
  return { description: describeFactors(g, PHRASES, 'Edge desirability', GATES), code: lines.join('\n') };
}

const FEATURES: TaskGrammar['features'] = [
  { id: 'inv', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 3), constant: (rng) => uniform(rng, 0.5, 3.5) },
  { id: 'exp', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 4) },
  { id: 'rel', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.5, 3) },
  { id: 'knn', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.3, 5) },
  { id: 'lin', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.2, 5), constant: (rng) => uniform(rng, 0.2, 1.5) },
  { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.05, 1), constant: (rng) => uniform(rng, 0.05, 1) },
];

/** The tour gate: its shape is the number of nearest-neighbour starts, its constant the bonus over 1. */
const TOUR: TaskGrammar['features'][number] = {
  id: 'tour',
  shapes: ['1', '3', '10', '25'],
  weight: () => 1,
  constant: (rng) => logUniform(rng, 0.3, 30),
};

export const acoTspGrammar: TaskGrammar = {
  problem: 'aco-tsp50',
  base: 'inv',
  maxGenes: 3,
  forms: [
    { id: 'prod', constants: (rng) => ({ k: intIn(rng, 2, 12) }) },
    { id: 'sum', constants: (rng) => ({ k: intIn(rng, 2, 12) }) },
  ],
  features: FEATURES,
  render: (g) => render(g),
};

/** `--extend aco-tsp-tours`: the tour gate among the features. */
export const withTours = (grammar: TaskGrammar): TaskGrammar => ({ ...grammar, features: [...grammar.features, TOUR] });

/** `--extend aco-tsp-block-form`: every program returns its matrix in the block form. */
export const withBlockReturn = (grammar: TaskGrammar): TaskGrammar => ({ ...grammar, render: (g) => render(g, true) });
