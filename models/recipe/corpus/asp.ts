import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { intIn, signed } from './genome.ts';
import { factorProduct, weightedSum } from './patterns.ts';

/** Admissible set: a priority score for a vector in {0,1,2}^n from counts, positions and patterns. */
const shaped = (x: string, s: string) => (s === 'sq' ? `${x} * ${x}` : s === 'sqrt' ? `Math.sqrt(${x})` : x);

function value(gene: Gene): string {
  if (gene.f === 'rand') return 'Math.random()';
  if (gene.f === 'balance') return shaped('Math.abs(ones - twos)', gene.s === 'sq' ? 'lin' : gene.s);
  if (gene.f === 'zeros') return shaped('(n - ones - twos)', gene.s);
  return shaped(gene.f, gene.s);
}

const PHRASES: Record<string, [string, string]> = {
  ones: ['more ones', 'fewer ones'],
  twos: ['more twos', 'fewer twos'],
  zeros: ['more zeros', 'fewer zeros'],
  pos: ['weight on late coordinates', 'weight on early coordinates'],
  changes: ['many value changes', 'few value changes'],
  mirror: ['mirror symmetry', 'asymmetry'],
  balance: ['imbalance of ones and twos', 'balance of ones and twos'],
  head: ['non-zeros in the first coordinates', 'zeros in the first coordinates'],
  groups: ['uniform groups of three', 'mixed groups of three'],
  rand: ['random noise', 'random noise'],
};

function render(g: Genome) {
  const has = (f: string) => g.genes.some((x) => x.f === f);
  const counts = has('ones') || has('twos') || has('zeros') || has('balance');
  const head = g.genes.find((x) => x.f === 'head');
  const vars = [
    counts && 'ones = 0',
    counts && 'twos = 0',
    has('pos') && 'pos = 0',
    has('changes') && 'changes = 0',
    has('mirror') && 'mirror = 0',
    head && 'head = 0',
    has('groups') && 'groups = 0',
  ].filter(Boolean);
  const lines = ['function priority(el, n, w) {'];
  if (vars.length > 0) {
    lines.push(`  let ${vars.join(', ')};`, '  for (let i = 0; i < n; i++) {');
    if (counts) lines.push('    if (el[i] === 1) ones++;', '    if (el[i] === 2) twos++;');
    if (has('pos')) lines.push('    pos += (el[i] * (i + 1)) / n;');
    if (has('changes')) lines.push('    if (i > 0 && el[i] !== el[i - 1]) changes++;');
    if (has('mirror')) lines.push('    if (el[i] === el[n - 1 - i]) mirror++;');
    if (head) lines.push(`    if (i < ${head.k} && el[i] !== 0) head++;`);
    if (has('groups')) lines.push('    if (i % 3 === 0 && el[i] === el[i + 1] && el[i] === el[i + 2]) groups++;');
    lines.push('  }');
  }
  const expr = g.form === 'product' ? factorProduct(g.genes, value).join(' * ') : weightedSum(g.genes, value);
  lines.push(`  return ${expr};`, '}');
  const parts = g.genes.map((x) => PHRASES[x.f][x.w < 0 ? 1 : 0]);
  const how = g.form === 'product' ? 'a product of factors rewarding' : 'a weighted sum rewarding';
  return { description: `Score each vector by ${how} ${parts.join(', ')}.`, code: lines.join('\n') };
}

export const aspGrammar: TaskGrammar = {
  problem: 'asp15',
  maxGenes: 4,
  forms: [
    { id: 'sum', constants: () => ({}) },
    { id: 'product', constants: () => ({}) },
  ],
  features: [
    { id: 'ones', shapes: ['lin', 'sq', 'sqrt'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'twos', shapes: ['lin', 'sq', 'sqrt'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'zeros', shapes: ['lin', 'sq'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'pos', shapes: ['lin', 'sqrt'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'changes', shapes: ['lin', 'sq'], weight: (rng) => signed(rng, 0.05, 1), constant: () => 0 },
    { id: 'mirror', shapes: ['lin'], weight: (rng) => signed(rng, 0.05, 1), constant: () => 0 },
    { id: 'balance', shapes: ['lin', 'sqrt'], weight: (rng) => signed(rng, 0.05, 1), constant: () => 0 },
    { id: 'head', shapes: ['lin'], weight: (rng) => signed(rng, 0.05, 1), constant: (rng) => intIn(rng, 2, 8) },
    { id: 'groups', shapes: ['lin'], weight: (rng) => signed(rng, 0.1, 2), constant: () => 0 },
    { id: 'rand', shapes: ['lin'], weight: (rng) => signed(rng, 0.01, 0.5), constant: () => 0 },
  ],
  render,
};
