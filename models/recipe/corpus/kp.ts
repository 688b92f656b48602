import type { Gene, Genome, TaskGrammar } from './genome.ts';
import { logUniform, num, signed, uniform } from './genome.ts';
import { argBestLines, weightedSum } from './patterns.ts';

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
    case 'roll':
      return '(v + rest)';
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
  roll: ['the value of the item plus a ratio-greedy fill of the capacity it leaves', 'a penalty on the value of a greedy completion'],
  rand: ['random noise', 'random noise'],
};

/**
 * `rest`: what ratio-greedy packs into the capacity left after item i (a one-step pilot: ratio-greedy is the
 * baseline, so looking at its completion is what can beat it). Shape 'lp' adds the fraction of the first item that
 * no longer fits (the LP bound of the rest). O(n) per item after one sort per call.
 */
function completionLines(roll: Gene): string[] {
  const skip =
    roll.s === 'lp'
      ? ['      if (weights[j] > room) {', '        rest += (values[j] * room) / weights[j];', '        break;', '      }']
      : ['      if (weights[j] > room) continue;'];
  return [
    '    let rest = 0, room = remainingCapacity - w;',
    '    for (const j of order) {',
    '      if (j === i) continue;',
    ...skip,
    '      rest += values[j];',
    '      room -= weights[j];',
    '    }',
  ];
}

function render(g: Genome) {
  const expr = weightedSum(g.genes, value);
  const roll = g.genes.find((x) => x.f === 'roll');
  const lines = ['function selectNextItem(remainingCapacity, weights, values) {'];
  if (roll) lines.push('  const order = weights.map((_, j) => j).sort((a, b) => values[b] / weights[b] - values[a] / weights[a]);');
  const body = ['    const w = weights[i];', '    if (w > remainingCapacity) continue;', '    const v = values[i];'];
  if (roll) body.push(...completionLines(roll));
  if (g.genes.some((x) => x.f === 'look')) {
    body.push(
      '    let next = 0;',
      '    for (let j = 0; j < weights.length; j++) {',
      '      if (j !== i && weights[j] <= remainingCapacity - w) next = Math.max(next, values[j] / weights[j]);',
      '    }',
    );
  }
  const score = g.form === 'phase' ? `remainingCapacity < ${num(g.c.t)} ? v : ${expr}` : expr;
  const head = 'for (let i = 0; i < weights.length; i++)';
  lines.push(...argBestLines({ sense: 'max', first: '0', head, element: 'i', body, score }), '}');
  const parts = g.genes.map((x) => PHRASES[x.f][x.w < 0 ? 1 : 0] + (x.f === 'roll' && x.s === 'lp' ? ' (fractional bound)' : ''));
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
    // Scaled to dominate the ratio term when large (a pure pilot rule), to blend with it when small.
    { id: 'roll', shapes: ['int', 'lp'], weight: (rng) => (rng.next() < 0.9 ? 1 : -1) * logUniform(rng, 0.1, 20), constant: () => 0 },
  ],
  render,
};
