import type { ValueKind } from '../../../src/problems/types.ts';
import type { PromptSignature } from '../../../src/scaffolds/prompts/signature.ts';
import type { Rng } from '../../../src/ground/rng.ts';
import { intIn, pick } from './genome.ts';

/**
 * Signatures of made-up problems, for the generic grammar (generic.ts): plausible names, so that a model trained on
 * them reads a signature by its kinds and names, not by memorising the six tasks'. Every choice comes from the
 * caller's seeded Rng.
 */

const SCALARS = ['item', 'size', 'limit', 'budget', 'load', 'threshold', 'capacity', 'target', 'step', 'level', 'demand', 'width', 'deadline', 'weight'];
const ARRAYS = ['bins', 'slots', 'costs', 'loads', 'sizes', 'levels', 'demands', 'gaps', 'rates', 'queues', 'capacities', 'prices', 'times', 'distances'];
const VERBS: Readonly<Record<'number' | 'index' | 'array', readonly string[]>> = {
  array: ['score', 'rank', 'rate', 'weigh'],
  index: ['pick', 'select', 'choose', 'find'],
  number: ['estimate', 'value', 'rate', 'measure'],
};
const OUTPUTS: Readonly<Record<'number' | 'index' | 'array', readonly string[]>> = {
  array: ['scores', 'priorities', 'ranks', 'values'],
  index: ['choice', 'next', 'index', 'slot'],
  number: ['priority', 'estimate', 'value', 'score'],
};
const ID_WORDS = ['online', 'shelf', 'queue', 'grid', 'fleet', 'bin', 'task', 'job', 'route', 'stock', 'slot', 'load'];

const capitalised = (s: string) => s[0].toUpperCase() + s.slice(1);

function distinct(rng: Rng, pool: readonly string[], count: number, taken: readonly string[]): string[] {
  const chosen: string[] = [];
  while (chosen.length < count) {
    const name = pick(rng, pool);
    if (!chosen.includes(name) && !taken.includes(name)) chosen.push(name);
  }
  return chosen;
}

/** A random signature the generic grammar can write for: one output (a number, an index or one score per element). */
export function randomSignature(rng: Rng): PromptSignature {
  const output = pick(rng, ['number', 'index', 'array'] as const);
  const arrays = distinct(rng, ARRAYS, intIn(rng, output === 'number' ? 0 : 1, 2), []);
  const scalars = distinct(rng, SCALARS, intIn(rng, arrays.length === 0 ? 1 : 0, 2), arrays);
  // Scalars first or arrays first, as real signatures have both (tsp's current node first, kp's capacity first).
  const params = rng.next() < 0.5 ? [...scalars, ...arrays] : [...arrays, ...scalars];
  const out = distinct(rng, OUTPUTS[output], 1, params)[0];
  const noun = arrays[0] ?? scalars[0];
  const fnName = rng.next() < 0.2 ? 'priority' : `${pick(rng, VERBS[output])}${capitalised(noun)}`;
  const kinds: Record<string, ValueKind> = Object.fromEntries(arrays.map((a) => [a, 'array' as const]));
  if (output !== 'number') kinds[out] = output;
  const [a, b] = distinct(rng, ID_WORDS, 2, []);
  return { id: `${a}-${b}`, fnName, params, outputs: [out], kinds };
}
