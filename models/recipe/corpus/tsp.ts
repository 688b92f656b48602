import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { intIn, logUniform, num, signed, uniform } from './genome.ts';
import { argBestLines, factorProduct, weightedSum } from './patterns.ts';
import { planLines } from './tsp-lookahead.ts';

/** Constructive TSP: score each candidate (lower is better) from distances and a look-ahead over unvisited nodes. */
const shaped = (x: string, s: string) => (s === 'sq' ? `${x} * ${x}` : s === 'sqrt' ? `Math.sqrt(${x})` : x);

const PHRASES: Record<string, [string, string]> = {
  // [positive weight, negative weight]
  dist: ['distance from the current node', 'negated distance'],
  home: ['penalise distance back to the start', 'prefer nodes far from the start'],
  near: ['penalise nodes whose nearest unvisited neighbour is far', 'prefer isolated nodes'],
  mean: ['penalise nodes far from the remaining ones on average', 'prefer peripheral nodes'],
  far: ['penalise a large spread to the farthest unvisited node', 'prefer nodes with a wide spread'],
  close: ['penalise crowded nodes', 'prefer nodes with many close neighbours'],
  rand: ['small random tie-breaking', 'small random tie-breaking'],
  regret: ['penalise nodes whose two nearest unvisited neighbours differ a lot', 'prefer nodes that would be costly to reach later'],
  plan: ['follow the first step of a re-planned insertion path to the destination', 'avoid the first step of a re-planned path'],
};

const PLAN_NAMES: Record<string, string> = { far: 'farthest', near: 'nearest', list: 'nearest-first list' };

/** Features computed by one pass over the other unvisited nodes. */
const INNER = ['near', 'mean', 'far', 'close', 'regret'];

/** `close`'s radius in a program that computes every feature but scores no `close` term (tsp-all-features). */
const UNSCORED_CLOSE_RADIUS = 0.1;

/** Which features a program computes: those its score uses, or (all) every one, whatever the score uses. */
type Computes = (f: string) => boolean;

function innerLoop(genes: readonly Gene[], has: Computes): string[] {
  const gene = genes.find((g) => g.f === 'close');
  const close = has('close') && (gene ? gene.k : UNSCORED_CLOSE_RADIUS);
  if (!INNER.some(has)) return [];
  const nearest = has('near') || has('regret');
  const decl = [
    nearest && 'near = Infinity',
    has('regret') && 'second = Infinity',
    has('far') && 'far = 0',
    has('mean') && 'sum = 0',
    close !== false && 'close = 0',
  ];
  const lines = [
    `    let ${decl.filter(Boolean).join(', ')};`,
    '    for (const other of unvisitedNodes) {',
    '      if (other === node) continue;',
    '      const e = distanceMatrix[node][other];',
  ];
  if (has('regret')) lines.push('      if (e < near) [second, near] = [near, e];', '      else if (e < second) second = e;');
  else if (nearest) lines.push('      near = Math.min(near, e);');
  if (has('far')) lines.push('      far = Math.max(far, e);');
  if (has('mean')) lines.push('      sum += e;');
  if (close !== false) lines.push(`      if (e < ${num(close)}) close++;`);
  lines.push('    }');
  if (nearest) lines.push('    if (near === Infinity) near = 0;');
  if (has('regret')) lines.push('    const regret = second === Infinity ? 0 : second - near;');
  if (has('mean')) lines.push('    const mean = sum / Math.max(1, unvisitedNodes.length - 1);');
  return lines;
}

function score(g: Genome): string {
  const value = (gene: Gene) => {
    if (gene.f === 'rand') return 'Math.random()';
    if (gene.f === 'plan') return '(node === planned ? 0 : 1)';
    return shaped(gene.f === 'dist' ? 'd' : gene.f, gene.s);
  };
  if (g.form === 'product') {
    const base = g.genes.find((x) => x.f === 'dist')!;
    return [value(base), ...factorProduct(g.genes.filter((x) => x.f !== 'dist'), value)].join(' * ');
  }
  return weightedSum(g.genes, value);
}

/** Renders a genome; `all` computes every per-node feature, so no score term names a feature the program lacks. */
function render(g: Genome, all = false) {
  const has: Computes = all ? () => true : (f) => g.genes.some((x) => x.f === f);
  const loop =
    g.form === 'topk' ? `unvisitedNodes.slice(0, ${g.c.k})` : 'unvisitedNodes';
  const lines = ['function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {'];
  lines.push('  const row = distanceMatrix[currentNode];');
  const plan = g.genes.find((x) => x.f === 'plan');
  if (plan) lines.push('  const D = distanceMatrix; // short name for the look-ahead code');
  if (plan) lines.push(...planLines(plan));
  if (g.form === 'radius') lines.push(`  const limit = ${num(g.c.r)} * Math.min(...unvisitedNodes.map((node) => row[node]));`);
  const body = ['    const d = row[node];'];
  if (g.form === 'radius') body.push('    if (d > limit) continue;');
  if (has('home')) body.push('    const home = distanceMatrix[node][destinationNode];');
  body.push(...innerLoop(g.genes, has));
  const head = `for (const node of ${loop})`;
  lines.push(...argBestLines({ sense: 'min', first: 'unvisitedNodes[0]', head, element: 'node', body, score: score(g) }), '}');
  const scope =
    g.form === 'topk' ? `Among the ${g.c.k} nearest candidates, pick` : g.form === 'radius' ? 'Among candidates close to the nearest one, pick' : 'Pick';
  const how = g.form === 'product' ? 'the node minimising the product of' : 'the node with the lowest score combining';
  const parts = g.genes.map((x) => phrase(x));
  return { description: `${scope} ${how} ${parts.join(', ')}.`, code: lines.join('\n') };
}

/** A gene's phrase; look-ahead ones name their constants, so a description tells programs apart as code does. */
function phrase(x: Gene): string {
  const text = PHRASES[x.f][x.w < 0 ? 1 : 0];
  if (x.f === 'plan') return `${text} (${PLAN_NAMES[x.s]} insertion, up to ${x.k} passes of 2-opt and node moves)`;
  return text;
}

export const tspGrammar: TaskGrammar = {
  problem: 'tsp50',
  base: 'dist',
  maxGenes: 4,
  forms: [
    { id: 'all', constants: () => ({}) },
    { id: 'topk', constants: (rng) => ({ k: intIn(rng, 3, 12) }) },
    { id: 'radius', constants: (rng) => ({ r: uniform(rng, 1.1, 3) }) },
    { id: 'product', constants: () => ({}) },
  ],
  features: [
    { id: 'dist', shapes: ['lin', 'sq', 'sqrt'], weight: (rng) => logUniform(rng, 0.5, 2), constant: () => 0 },
    { id: 'home', shapes: ['lin', 'sqrt'], weight: (rng) => signed(rng, 0.03, 1), constant: () => 0 },
    { id: 'near', shapes: ['lin', 'sq'], weight: (rng) => signed(rng, 0.05, 1.5), constant: () => 0 },
    { id: 'mean', shapes: ['lin'], weight: (rng) => signed(rng, 0.02, 0.8), constant: () => 0 },
    { id: 'far', shapes: ['lin'], weight: (rng) => signed(rng, 0.02, 0.5), constant: () => 0 },
    { id: 'close', shapes: ['lin'], weight: (rng) => signed(rng, 0.003, 0.08), constant: (rng) => uniform(rng, 0.05, 0.3) },
    { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.001, 0.05), constant: () => 0 },
    { id: 'regret', shapes: ['lin', 'sq'], weight: (rng) => signed(rng, 0.05, 1.5), constant: () => 0 },
    // Mostly positive: a plan is worth following; the sign flip keeps the corpus's spread of poor rules.
    { id: 'plan', shapes: ['far', 'near', 'list'], weight: (rng) => (rng.next() < 0.9 ? 1 : -1) * logUniform(rng, 0.02, 3), constant: (rng) => intIn(rng, 1, 4) },
  ],
  render: (g) => render(g),
};

/**
 * `--extend tsp-all-features`: every program computes every per-node feature. Same genomes, descriptions and scores,
 * but the node loop's declarations no longer depend on the score 20 lines below, the step F's searches failed on
 * most (a score term with no computed feature).
 */
export const withAllFeatures = (grammar: TaskGrammar): TaskGrammar => ({ ...grammar, render: (g) => render(g, true) });
