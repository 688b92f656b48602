import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { addTerm, logUniform, num, signed, uniform } from './genome.ts';

/** Constructive knapsack: among items that fit, take the highest score of value/weight features. */
function value(gene: Gene): string {
  switch (gene.f) {
    case 'ratio':
      return gene.s === 'pow' ? `v / w ** ${num(gene.k)}` : 'v / w';
    case 'value':
      return gene.s === 'sq' ? 'v * v' : 'v';
    case 'weight':
      return gene.s === 'sqrt' ? 'Math.sqrt(w)' : 'w';
    case 'fill':
      return 'w / remainingCapacity';
    case 'slack':
      return gene.s === 'sqrt' ? 'Math.sqrt(remainingCapacity - w)' : '(remainingCapacity - w)';
    case 'look':
      return 'next';
    case 'snug':
      return `(remainingCapacity - w < ${num(gene.k)} ? 1 : 0)`;
    default:
      return 'Math.random()';
  }
}

const PHRASES: Record<string, [string, string]> = {
  ratio: ['value-to-weight ratio', 'penalised value-to-weight ratio'],
  value: ['item value', 'penalised value'],
  weight: ['a bonus for heavy items', 'a penalty on weight'],
  fill: ['a bonus for filling the remaining capacity', 'a penalty on the share of capacity used'],
  slack: ['a bonus for leaving capacity', 'a penalty on leftover capacity'],
  look: ['the best ratio still fitting afterwards', 'a penalty on the best ratio still fitting afterwards'],
  snug: ['a bonus for an almost exact fit', 'a penalty for an almost exact fit'],
  rand: ['random noise', 'random noise'],
};

function render(g: Genome) {
  const expr = g.genes.reduce((acc, gene) => addTerm(acc, gene.w, value(gene)), '');
  const lines = [
    'function selectNextItem(remainingCapacity, weights, values) {',
    '  let best = 0, bestScore = -Infinity;',
    '  for (let i = 0; i < weights.length; i++) {',
    '    const w = weights[i];',
    '    if (w > remainingCapacity) continue;',
    '    const v = values[i];',
  ];
  if (g.genes.some((x) => x.f === 'look')) {
    lines.push(
      '    let next = 0;',
      '    for (let j = 0; j < weights.length; j++) {',
      '      if (j !== i && weights[j] <= remainingCapacity - w) next = Math.max(next, values[j] / weights[j]);',
      '    }',
    );
  }
  const score = g.form === 'phase' ? `remainingCapacity < ${num(g.c.t)} ? v : ${expr}` : expr;
  lines.push(`    const score = ${score};`);
  lines.push('    if (score > bestScore) [best, bestScore] = [i, score];', '  }', '  return best;', '}');
  const parts = g.genes.map((x) => PHRASES[x.f][x.w < 0 ? 1 : 0]);
  const tail = g.form === 'phase' ? ', switching to pure value when little capacity remains' : '';
  return { description: `Take the fitting item with the highest score from ${parts.join(', ')}${tail}.`, code: lines.join('\n') };
}

export const kpGrammar: TaskGrammar = {
  problem: 'kp100',
  maxGenes: 3,
  forms: [
    { id: 'plain', constants: () => ({}) },
    { id: 'phase', constants: (rng) => ({ t: uniform(rng, 0.3, 4) }) },
  ],
  features: [
    { id: 'ratio', shapes: ['lin', 'pow'], weight: (rng) => logUniform(rng, 0.3, 2), constant: (rng) => uniform(rng, 0.5, 2.5) },
    { id: 'value', shapes: ['lin', 'sq'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'weight', shapes: ['lin', 'sqrt'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'fill', shapes: ['lin'], weight: (rng) => signed(rng, 0.05, 2), constant: () => 0 },
    { id: 'slack', shapes: ['lin', 'sqrt'], weight: (rng) => signed(rng, 0.01, 0.3), constant: () => 0 },
    { id: 'look', shapes: ['lin'], weight: (rng) => signed(rng, 0.05, 1), constant: () => 0 },
    { id: 'snug', shapes: ['lin'], weight: (rng) => signed(rng, 0.1, 3), constant: (rng) => uniform(rng, 0.02, 0.5) },
    { id: 'rand', shapes: ['lin'], weight: (rng) => logUniform(rng, 0.01, 0.5), constant: () => 0 },
  ],
  render,
};
