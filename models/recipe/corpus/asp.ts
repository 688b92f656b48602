import type { Rng } from '../../../src/ground/rng.ts';
import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { intIn, num, signed, uniform } from './genome.ts';
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

/**
 * The table form's keys: the seven group triples the construction builds vectors from (construction.ts's TRIPLES),
 * as the priority function sees them. A value per triple, summed over the n/3 groups, is a score no count of ones and
 * twos can express (it tells (0,1,2) from (0,2,1)), and its seven numbers are what a search tunes: room that a random
 * draw rarely fills.
 */
const TRIPLE_KEYS = ['000', '001', '002', '012', '021', '111', '222'];

function tableLines(c: Genome['c']): string[] {
  const entries = TRIPLE_KEYS.map((key) => `'${key}': ${num(c[`t${key}`])}`).join(', ');
  return [
    `  const value = { ${entries} };`,
    '  let table = 0;',
    '  for (let i = 0; i + 2 < n; i += 3) table += value[`${el[i]}${el[i + 1]}${el[i + 2]}`];',
  ];
}

/** How each form's description begins. */
const FORM_PHRASES: Record<string, string> = {
  sum: 'a weighted sum rewarding',
  product: 'a product of factors rewarding',
  table: 'a value per group of three coordinates (one for each of its seven triples) plus a weighted sum rewarding',
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
  if (g.form === 'table') lines.push(...tableLines(g.c));
  const sum = weightedSum(g.genes, value);
  const expr = g.form === 'product' ? factorProduct(g.genes, value).join(' * ') : g.form === 'table' ? addTable(sum) : sum;
  lines.push(`  return ${expr};`, '}');
  const parts = g.genes.map((x) => PHRASES[x.f][x.w < 0 ? 1 : 0]);
  return { description: `Score each vector by ${FORM_PHRASES[g.form]} ${parts.join(', ')}.`, code: lines.join('\n') };
}

/** `table + sum`, or `table - 0.3 * x` where the sum starts with a minus. */
const addTable = (sum: string) => (sum === '' ? 'table' : sum.startsWith('-') ? `table - ${sum.slice(1)}` : `table + ${sum}`);

const SUM_FORMS = [
  { id: 'sum', constants: () => ({}) },
  { id: 'product', constants: () => ({}) },
];

/** The table form's constants: one value per triple, each in [-2, 2]. */
const TABLE_FORM = {
  id: 'table',
  constants: (rng: Rng) => Object.fromEntries(TRIPLE_KEYS.map((key) => [`t${key}`, uniform(rng, -2, 2)])),
};

const FEATURES: TaskGrammar['features'] = [
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
];

export const aspGrammar: TaskGrammar = { problem: 'asp15', maxGenes: 4, forms: SUM_FORMS, features: FEATURES, render };

/** `--extend asp-tables`: the table form beside the sum and product forms. */
export const withTables = (grammar: TaskGrammar): TaskGrammar => ({ ...grammar, forms: [...grammar.forms, TABLE_FORM] });
