import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { addTerm, intIn, logUniform, num, signed, uniform } from './genome.ts';

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
};

const INNER = ['near', 'mean', 'far', 'close'];

function innerLoop(genes: readonly Gene[]): string[] {
  const has = (f: string) => genes.some((g) => g.f === f);
  const close = genes.find((g) => g.f === 'close');
  if (!INNER.some(has)) return [];
  const decl = [has('near') && 'near = Infinity', has('far') && 'far = 0', has('mean') && 'sum = 0', close && 'close = 0'];
  const lines = [
    `    let ${decl.filter(Boolean).join(', ')};`,
    '    for (const other of unvisitedNodes) {',
    '      if (other === node) continue;',
    '      const e = distanceMatrix[node][other];',
  ];
  if (has('near')) lines.push('      near = Math.min(near, e);');
  if (has('far')) lines.push('      far = Math.max(far, e);');
  if (has('mean')) lines.push('      sum += e;');
  if (close) lines.push(`      if (e < ${num(close.k)}) close++;`);
  lines.push('    }');
  if (has('near')) lines.push('    if (near === Infinity) near = 0;');
  if (has('mean')) lines.push('    const mean = sum / Math.max(1, unvisitedNodes.length - 1);');
  return lines;
}

function score(g: Genome): string {
  const value = (gene: Gene) => (gene.f === 'rand' ? 'Math.random()' : shaped(gene.f === 'dist' ? 'd' : gene.f, gene.s));
  if (g.form === 'product') {
    const base = g.genes.find((x) => x.f === 'dist')!;
    const factors = g.genes.filter((x) => x.f !== 'dist').map((x) => `(1 ${x.w < 0 ? '-' : '+'} ${num(Math.abs(x.w))} * ${value(x)})`);
    return [value(base), ...factors].join(' * ');
  }
  return g.genes.reduce((acc, gene) => addTerm(acc, gene.w, value(gene)), '');
}

function render(g: Genome) {
  const loop =
    g.form === 'topk' ? `unvisitedNodes.slice(0, ${g.c.k})` : 'unvisitedNodes';
  const lines = ['function selectNextNode(currentNode, destinationNode, unvisitedNodes, distanceMatrix) {'];
  lines.push('  const row = distanceMatrix[currentNode];');
  if (g.form === 'radius') lines.push(`  const limit = ${num(g.c.r)} * Math.min(...unvisitedNodes.map((node) => row[node]));`);
  lines.push('  let best = unvisitedNodes[0], bestScore = Infinity;', `  for (const node of ${loop}) {`);
  lines.push('    const d = row[node];');
  if (g.form === 'radius') lines.push('    if (d > limit) continue;');
  if (g.genes.some((x) => x.f === 'home')) lines.push('    const home = distanceMatrix[node][destinationNode];');
  lines.push(...innerLoop(g.genes));
  lines.push(`    const score = ${score(g)};`);
  lines.push('    if (score < bestScore) [best, bestScore] = [node, score];', '  }', '  return best;', '}');
  const scope =
    g.form === 'topk' ? `Among the ${g.c.k} nearest candidates, pick` : g.form === 'radius' ? 'Among candidates close to the nearest one, pick' : 'Pick';
  const how = g.form === 'product' ? 'the node minimising the product of' : 'the node with the lowest score combining';
  const parts = g.genes.map((x) => PHRASES[x.f][x.w < 0 ? 1 : 0]);
  return { description: `${scope} ${how} ${parts.join(', ')}.`, code: lines.join('\n') };
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
  ],
  render,
};
